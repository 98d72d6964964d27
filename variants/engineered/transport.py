"""Where the engineers and prisons go in a movement phase (rn45 C5), once the military units
have moved: attached to a unit of their area (5a(1), 5b), by transport (5d), a prison with
its captor (4c, 5c). movement.py runs it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.orders import Build, Disband, Hold, Move, Order
from judge.engine.outcome import Event, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome
from judge.engine.types import Unit, province_of

from .decoys_orders import as_copys
from .orders import ENGINEER, PRISON, Engineering, Place, Transport

Orders = Mapping[str, Sequence[Order]]
LAYER = (ENGINEER, PRISON)


class Journeys:
    """The phase's military moves, and the engineers' relocations decided from them."""

    def __init__(self, start: Position, out: PhaseOutcome) -> None:
        self.start, self.out = start, out
        self.moved: dict[tuple[str, str], str] = {}  # (power, from) -> to, provinces
        # The same with the moves of decoys leaving the unit they copy (C8 8b), which
        # carry an engineer as any unit does (8a): (power, from) -> every area entered.
        self.carried: dict[tuple[str, str], set[str]] = {}
        self.attackers: dict[str, set[str]] = {}  # province -> powers ordered to move in
        for r in out.results:
            order = as_copys(r.order) if r.order is not None else None
            if not isinstance(order, Move) or r.outcome == Outcome.ILLEGAL:
                continue
            self.attackers.setdefault(province_of(order.dest), set()).add(r.power)
            if r.outcome == Outcome.SUCCEEDS and r.unit is not None:
                at = (r.power, province_of(r.unit.loc))
                self.carried.setdefault(at, set()).add(province_of(order.dest))
                if order is r.order:  # a prison goes with its captor, not a new decoy
                    self.moved[at] = province_of(order.dest)
        self.dislodged = {(d.unit.power, province_of(d.unit.loc)) for d in out.position.dislodged}
        self.relocated: dict[Unit, str] = {}
        self.released: set[Unit] = set()  # prisons their captors' country disbands (4c)

    def engineer(self, power: str, prov: str) -> Unit | None:
        return next((u for u in self.start.units if u.kind == ENGINEER and u.power == power
                     and u.loc == prov), None)

    def ordered_too(self, unit: Unit) -> bool:
        """Whether `unit` has an order besides its transport (only `judge adjudicate` can
        give two: a game keeps one order per unit)."""
        return any(r.unit == unit and not r.unordered for r in self.out.results)

    def military(self, power: str, prov: str) -> Unit | None:
        return next((u for u in self.start.units if u.kind not in LAYER and u.power == power
                     and province_of(u.loc) == prov), None)

    def board_after(self) -> tuple[Position, list[Event]]:
        after = self.out.position
        occupied = {province_of(u.loc): u.power for u in after.units if u.kind not in LAYER}
        units = [u for u in after.units if u.kind not in LAYER]
        events: list[Event] = []
        for unit in (u for u in after.units if u.kind in LAYER):
            if unit in self.released:
                events.append(Engineering("released", unit))
                continue
            if unit.kind == PRISON:
                kept = self._prison(unit, events)
                if kept is not None:
                    units.append(kept)
                continue
            dest = self.relocated.get(unit)
            if dest is not None and occupied.get(unit.loc, unit.power) != unit.power:
                events.append(Engineering("bugout", unit, occupied[unit.loc]))
            units.append(unit if dest is None else unit.moved(dest))
        return after.with_board(tuple(units), after.dislodged), events

    def _prison(self, prison: Unit, events: list[Event]) -> Unit | None:
        # C4 4c: with its captor; C5 5c: disbanded with a dislodged one.
        at = (prison.power, prison.loc)
        if at in self.dislodged or self.military(*at) is None:
            events.append(Engineering("captor_dislodged" if at in self.dislodged
                                      else "left_behind", prison))
            return None
        dest = self.moved.get(at)
        return prison if dest is None else prison.moved(dest)


def transports(journeys: Journeys, orders: Orders) -> list[OrderResult]:
    """C5 5d, each `A StP T E Rum`: it succeeds if the engineer exists and no unit of
    another country is ordered to move to the transporting unit's area."""
    results = []
    for power, given in orders.items():
        for order in (o for o in given if isinstance(o, Transport)):
            results.append(_transport(journeys, power, order))
    return results


def _transport(journeys: Journeys, power: str, order: Transport) -> OrderResult:
    prov, source = province_of(order.loc), province_of(order.engineer)
    unit = journeys.military(power, prov)
    if unit is None:
        return OrderResult(power, None, order, "", Outcome.ILLEGAL, Reason.NO_UNIT,
                           f"you have no army, navy or fighter in {prov}")
    engineer = journeys.engineer(power, source)
    attacked = journeys.attackers.get(prov, set()) - {power}
    if engineer is None:
        # Known from the start of the turn, so the line is refused when it arrives and
        # the unit may be given an order that does something.
        return OrderResult(power, unit, order, "", Outcome.FAILS, Reason.NO_UNIT,
                           f"there is no engineer of yours in {source} (rn45 C5 5d)")
    if journeys.ordered_too(unit):
        why = f"{unit.loc} was given another order too, and a transporting unit makes none"
    elif attacked:
        why = f"{unit.loc} is attacked by {', '.join(sorted(attacked)).title()}"
    else:
        journeys.relocated[engineer] = prov
        return OrderResult(power, unit, order, "", Outcome.SUCCEEDS)
    return OrderResult(power, unit, order, "", Outcome.FAILS, None, f"{why} (rn45 C5 5d)")


def attached_moves(journeys: Journeys, orders: Orders,
                   placed: Sequence[Unit]) -> list[OrderResult]:
    """C5 5a(1): `E Ber - Mun` goes with the player's unit of Berlin if it moves to Munich;
    an engineer placed this turn (C1 1a) goes where its unit goes."""
    results = []
    gone_with_unit: set[Unit] = set()  # placed ones that went with their unit (C1 1a)
    for engineer in placed:
        dest = journeys.moved.get((engineer.power, engineer.loc))
        if dest is not None and engineer not in journeys.relocated:
            journeys.relocated[engineer] = dest
            gone_with_unit.add(engineer)
    for power, given in orders.items():
        for order in given:
            if not isinstance(order, Transport | Place) and order.kind in LAYER:
                results.append(_attached(journeys, power, order, gone_with_unit))
    return results


def _no_engineer(journeys: Journeys, power: str, prov: str) -> str:
    """Where his engineers are, which every report's "Now:" line tells everyone anyway: an
    engineer stays where it was when its unit does not move (rn45 C5 5a, 5b)."""
    mine = sorted(u.loc for u in journeys.start.units
                  if u.kind == ENGINEER and u.power == power)
    where = (f"yours {'are' if len(mine) > 1 else 'is'} in {', '.join(mine)}" if mine
             else f"you have none; in the game's first Spring one is placed with a unit of "
             f"yours (E {prov}: it goes where that unit goes, rn45 C1 1a), and in a Winter "
             f"built on a home centre (BUILD E {prov}, C3)")
    return f"there is no engineer of yours in {prov}: {where}"


def _attached(journeys: Journeys, power: str, order: Order,
              gone_with_unit: set[Unit]) -> OrderResult:
    prov = province_of(order.loc)
    if order.kind == PRISON:
        return _release(journeys, power, order)
    if isinstance(order, Build):
        # A Winter's order sent in a Spring or Fall: "no engineer of yours in Paris" said
        # nothing of when one is built.
        return _illegal(power, order, f"an engineer is built in a Winter only, on a home "
                        f"centre of yours (BUILD E {prov}, rn45 C3); in the game's first "
                        f"Spring one is placed with a unit of yours (E {prov}, C1 1a)")
    engineer = journeys.engineer(power, prov)
    if engineer is None:
        return _illegal(power, order, _no_engineer(journeys, power, prov), Reason.NO_UNIT)
    if not isinstance(order, Move):
        if isinstance(order, Hold):
            return OrderResult(power, engineer, order, "", Outcome.SUCCEEDS)
        return _illegal(power, order, "an engineer only moves, with a unit of its area or "
                        "by transport (rn45 C5 5a)")
    dest = province_of(order.dest)
    if engineer in gone_with_unit:
        return _placed_move(journeys, power, order, engineer, dest)
    if engineer in journeys.relocated:
        return OrderResult(power, engineer, order, "", Outcome.FAILS, None,
                           "the engineer is transported instead (rn45 C5 5d)")
    if journeys.military(power, prov) is None:
        return _illegal(power, order, f"you have no army, navy or fighter in {prov} for the "
                        "engineer to move with (rn45 C5 5a)")
    if dest not in journeys.carried.get((power, prov), set()):
        return OrderResult(power, engineer, order, "", Outcome.FAILS, None,
                           f"your unit in {prov} did not move to {dest} (rn45 C5 5a, 5b)")
    journeys.relocated[engineer] = dest
    return OrderResult(power, engineer, order, "", Outcome.SUCCEEDS)


def _release(journeys: Journeys, power: str, order: Order) -> OrderResult:
    """C4 4c: "A P unit must stay with the capturing unit or be disbanded": its captor's
    country may disband it with its Spring or Fall orders (`REMOVE P Bud`), as in a Winter."""
    prov = province_of(order.loc)
    prison = next((u for u in journeys.start.units if u.kind == PRISON and u.power == power
                   and province_of(u.loc) == prov), None)
    if prison is None:
        return _illegal(power, order, f"you hold no prison in {prov}: an engineer captured "
                        "becomes its captor's prison at the end of the season (rn45 C4 4a), "
                        "and REMOVE P disbands one you hold (C4 4c)", Reason.NO_UNIT)
    if not isinstance(order, Disband):
        return _illegal(power, order, "a prison goes only with its captor, or is disbanded: "
                        f"REMOVE P {prov.title()} (rn45 C4 4c)")
    journeys.released.add(prison)
    return OrderResult(power, prison, order, "", Outcome.SUCCEEDS)


def _placed_move(journeys: Journeys, power: str, order: Order, engineer: Unit,
                 dest: str) -> OrderResult:
    """C1 1a: an engineer placed this Spring has gone with its unit; an order to go there
    too is carried out, one to go elsewhere cannot be."""
    went = journeys.relocated[engineer]
    if went == dest:
        return OrderResult(power, engineer, order, "", Outcome.SUCCEEDS)
    return OrderResult(power, engineer, order, "", Outcome.FAILS, None,
                       f"the engineer placed this Spring went with its unit to {went} "
                       "(rn45 C1 1a)")


def _illegal(power: str, order: Order, why: str,
             reason: Reason = Reason.ILLEGAL) -> OrderResult:
    return OrderResult(power, None, order, "", Outcome.ILLEGAL, reason, why)
