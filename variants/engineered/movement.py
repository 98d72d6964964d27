"""The engineers in a Spring or Fall movement (rn45 C1 1a, 1d; C5): the military units are
adjudicated by the movement handler the game had (standard, or the fighters' resolver),
without the engineers' orders; then the engineers follow (transport.py).

- C1 1d: in the first Spring, Austria's unit in Trieste is an army if any Austrian order
  for it is written for an army (`A Tri - Ser`, `A Tri H`), else the navy it starts as.
- C1 1a: a placed engineer (`E Vie`) stands with that unit and goes where it goes this turn.
- C5 5a(1), 5b, 5d; C4 4c, 5c: transport.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.orders import Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import Phase, Unit, province_of

from .orders import ENGINEER, Engineering, Place, Transport
from .transport import LAYER, Journeys, attached_moves, transports

Orders = Mapping[str, Sequence[Order]]
CHOOSER = ("AUSTRIA", "tri", "A")  # C1 1d: the start unit its power may take as an army


class EngineeredMovement(WrappedPhase):
    def __init__(self, inner: PhaseHandler, start: Phase) -> None:
        super().__init__(inner)
        self.start = start

    def adjudicate(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        ours = {p: [o for o in given if _engineers(o)] for p, given in orders.items()}
        rest = {p: [o for o in given if not _engineers(o)] for p, given in orders.items()}
        first = position.phase == self.start
        if first:
            position = _chosen(position, rest)
        position, placing, placed = _placed(position, ours, first)
        out = self.inner.adjudicate(rules, position, rest)
        journeys = Journeys(position, out)
        mine = [*placing, *transports(journeys, ours), *attached_moves(journeys, ours, placed)]
        board, events = journeys.board_after()
        transporting = {r.unit for r in mine if isinstance(r.order, Transport)}
        told = (*(r for r in out.results if r.unit not in transporting or not r.unordered),
                *mine)
        others = tuple(e for e in out.events if not isinstance(e, OrderResult))
        placings = tuple(Engineering("placed", u) for u in placed)
        return PhaseOutcome(told, board, (*told, *others, *placings, *events))


    def as_ordered(self, rules: Rules, position: Position, power: str,
                   orders: Sequence[Order]) -> Position:
        """C1 1d: the reply names Austria's unit in Trieste as its orders take it."""
        if position.phase != self.start:
            return self.inner.as_ordered(rules, position, power, orders)
        chosen = _chosen(position, {power: [o for o in orders if not _engineers(o)]})
        return self.inner.as_ordered(rules, chosen, power, orders)


    def choices(self, rules: Rules, position: Position, power: str,
                orders: Sequence[Order] = ()) -> tuple[str, ...]:
        """C1 1a: the engineer to place with the first Spring's orders, until it is."""
        mine = self.inner.choices(rules, position, power, orders)
        unit = next((u for u in position.units if u.power == power and u.kind not in LAYER),
                    None)
        if position.phase != self.start or unit is None \
                or any(isinstance(o, Place) for o in orders) \
                or any(u.power == power and u.kind == ENGINEER for u in position.units):
            return mine
        return (*mine, placing_words(province_of(unit.loc)))


def placing_words(where: str) -> str:
    """C1 1a as a player is told it, one of his units' places for the example."""
    place = where.title()
    return (f"the placement of your engineer with one of your units, E {place} (or PLACE E "
            f"{place}): it goes where that unit goes this Spring. Place none and you have no "
            "engineer until you create one in a Winter (rn45 C1 1a, C3)")


def _engineers(order: Order) -> bool:
    return isinstance(order, Place | Transport) or order.kind in LAYER


def _chosen(position: Position, orders: Orders) -> Position:
    power, loc, kind = CHOOSER
    unit = next((u for u in position.units if u.power == power and u.loc == loc), None)
    wants = any(province_of(o.loc) == loc and o.kind == kind for o in orders.get(power, ()))
    if unit is None or not wants or unit.kind == kind:
        return position
    units = tuple(u._replace(kind=kind) if u == unit else u for u in position.units)
    return position.with_board(units)


def _placed(position: Position, orders: Orders,
            first: bool) -> tuple[Position, list[OrderResult], list[Unit]]:
    """C1 1a: each power's engineer, placed with one of its units in the first Spring."""
    results: list[OrderResult] = []
    placed: list[Unit] = []
    for power, given in orders.items():
        for order in (o for o in given if isinstance(o, Place)):
            refusal = _placing_refusal(position, power, order, first) or (
                "you place one engineer (rn45 C1 1a)" if any(u.power == power for u in placed)
                else "")
            if refusal:
                results.append(OrderResult(power, None, order, "", Outcome.ILLEGAL,
                                           Reason.ILLEGAL, refusal))
                continue
            engineer = Unit(power, ENGINEER, province_of(order.loc))
            placed.append(engineer)
            results.append(OrderResult(power, engineer, order, "", Outcome.SUCCEEDS))
    board = position.with_board((*position.units, *placed), position.dislodged)
    return board, results, placed


def _placing_refusal(position: Position, power: str, order: Place, first: bool) -> str:
    if not first:
        return "an engineer is placed only with the first Spring's orders (rn45 C1 1a)"
    prov = province_of(order.loc)
    if any(u.power == power and u.kind == ENGINEER for u in position.units):
        return "you have an engineer already (rn45 C1 1a)"
    if not any(u.power == power and province_of(u.loc) == prov and u.kind not in LAYER
               for u in position.units):
        return f"you have no unit in {prov} to place the engineer with (rn45 C1 1a)"
    return ""



