"""The Winter 1913 placement turn (Envoy rule 4; docs/variants/envoy.md, "Placement").

Orders are builds: `Build D Bel` places a diplomat, `Build A Kie` changes Kiel's fleet for
an army. Each player places four diplomats in his home country space or one diplomat move
from it; those he does not place stay at home. Diplomats of different players sent to one
space are sent home one of each player at a time, until one player's remain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.geo import Geography
from judge.engine.orders import Build, Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.refusal import Loc, Locs, Power, Stated, state
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules
from judge.engine.types import Unit, province_of

from . import reasons as E
from .control import DIPLOMAT, Countries, players, with_control

DIPLOMATS = 4
FORBIDDEN = {"stp/nc": E.NO_NORTH_COAST_FLEET}


class Placed:
    """One diplomat being placed: its player, its space, and the order that sent it."""

    def __init__(self, power: str, space: str, order: Order | None) -> None:
        self.power, self.space, self.order = power, space, order
        self.returned = ""


class Placement(PhaseHandler):
    def owed(self, rules: Rules, position: Position, power: str,
             orders: Sequence[Order]) -> tuple[str, ...]:
        """What the game layer waits for: four diplomats placed (rule 4); one placed at
        home counts, so a player who keeps some there writes so."""
        left = DIPLOMATS - sum(1 for o in orders
                               if isinstance(o, Build) and o.kind == DIPLOMAT)
        return (f"{left} more diplomat{'s' if left != 1 else ''}",) if left > 0 else ()

    def __init__(self, geo: Geography, countries: Countries) -> None:
        self.geo = geo  # the diplomats' own geography (rules.diplomat_geography)
        self.countries = countries

    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        playing = players(position) or tuple(p for p in rules.powers if p in orders)
        units = list(position.units)
        placed: list[Placed] = []
        results: list[OrderResult] = []
        for power, given in orders.items():
            results += self._orders(rules, position, power, playing, given, units, placed)
        for power in playing:
            home = self.countries.space[power]
            mine = sum(1 for d in placed if d.power == power)
            placed += [Placed(power, home, None) for _ in range(DIPLOMATS - mine)]
        _clear_clashes(placed, self.countries)
        results += [_placed_result(d) for d in placed if d.order is not None]
        diplomats = tuple(Unit(d.power, DIPLOMAT, d.space) for d in placed)
        after = position.with_board((*units, *diplomats))
        after = with_control(rules, after, self.countries, players=list(playing))
        return PhaseOutcome(tuple(results), after, tuple(results))

    def _orders(self, rules: Rules, position: Position, power: str, playing: Sequence[str],
                given: Sequence[Order], units: list[Unit],
                placed: list[Placed]) -> list[OrderResult]:
        """Each order applied to `units` or `placed`, or refused with its reason."""
        out: list[OrderResult] = []
        swapped = False
        for order in given:
            unit, why = None, _refusal(power, playing, order, swapped)
            if not why and isinstance(order, Build) and order.kind == DIPLOMAT:
                why = self._diplomat(power, order, placed)
            elif not why and isinstance(order, Build):
                unit, why = _swap(rules, position, power, order, units)
                swapped = not why
            if why:
                out.append(OrderResult(power, unit, order, "", Outcome.ILLEGAL,
                                       Reason.ILLEGAL, why))
            elif unit is not None:
                out.append(OrderResult(power, unit, order, "", Outcome.SUCCEEDS))
        return out

    def _diplomat(self, power: str, order: Build, placed: list[Placed]) -> Stated | None:
        space = self.countries.of_province.get(order.loc, order.loc)
        home = self.countries.space[power]
        if sum(1 for d in placed if d.power == power) >= DIPLOMATS:
            return state(E.DIPLOMATS_TO_PLACE, power=Power(power), count=DIPLOMATS)
        if space not in self.geo.graphs[self.geo.kinds[DIPLOMAT].graph]:
            return state(E.NO_DIPLOMAT_SPACE, place=Loc(space))
        if space != home and space not in self.geo.neighbours(self.geo.kinds[DIPLOMAT], home):
            return state(E.TOO_FAR_TO_PLACE, place=Loc(space), home=Loc(home))
        placed.append(Placed(power, space, order))
        return None


def _refusal(power: str, playing: Sequence[str], order: Order,
             swapped: bool) -> Stated | None:
    if power not in playing:
        return state(E.NEUTRAL_PLACES_NOTHING, power=Power(power))
    if not isinstance(order, Build):
        return state(E.ONLY_BUILDS)
    if swapped and order.kind != DIPLOMAT:
        return state(E.ONE_CHANGE)
    return None


def _swap(rules: Rules, position: Position, power: str, order: Build,
          units: list[Unit]) -> tuple[Unit | None, Stated | None]:
    """Rule 4: one army for a fleet or a fleet for an army, in the same province."""
    prov = rules.geo.province.get(order.loc) or province_of(order.loc)
    old = next((u for u in rules.main_units(position)
                if u.power == power and province_of(u.loc) == prov), None)
    kind = rules.kinds.get(order.kind or "")
    if old is None:
        return None, state(E.NO_UNIT_TO_CHANGE, power=Power(power), place=Loc(prov))
    if kind is None or kind.layer != "main" or kind.code == old.kind:
        return None, state(E.OTHER_TYPE, unit=old,
                           other="an army" if old.kind == "F" else "a fleet")
    places = tuple(p for p in rules.geo.stand_locations(kind, prov) if p not in FORBIDDEN)
    if order.loc in FORBIDDEN:
        return None, state(FORBIDDEN[order.loc])
    loc = order.loc if order.loc in places else places[0] if len(places) == 1 else ""
    if not places:
        return None, state(E.CANNOT_STAND, kind=kind.name, place=Loc(prov))
    if not loc:
        return None, state(E.WHICH_COAST, kind=kind.name, place=Loc(prov),
                           coasts=Locs(places))
    new = Unit(power, kind.code, loc)
    units[units.index(old)] = new
    return new, None


def _clear_clashes(placed: list[Placed], countries: Countries) -> None:
    """Rule 4: while players share a space, one diplomat of each goes home. A diplomat in
    its own player's home space is already home: it stays, and only the others leave."""
    while True:
        shared = _shared_space(placed)
        if shared is None:
            return
        owners = sorted({d.power for d in placed if d.space == shared})
        for power in owners:
            home = countries.space[power]
            if home == shared:
                continue
            leaving = [d for d in placed if d.space == shared and d.power == power][-1]
            others = " and ".join(p for p in owners if p != power)
            leaving.space = home
            leaving.returned = f"returned to {home}: {others} also sent diplomats to {shared}"


def _shared_space(placed: Sequence[Placed]) -> str | None:
    by_space: dict[str, set[str]] = {}
    for d in placed:
        by_space.setdefault(d.space, set()).add(d.power)
    shared = sorted(space for space, powers in by_space.items() if len(powers) > 1)
    return shared[0] if shared else None


def _placed_result(d: Placed) -> OrderResult:
    unit = Unit(d.power, DIPLOMAT, d.space)
    assert d.order is not None
    if d.returned:
        return OrderResult(d.power, unit, d.order, "", Outcome.FAILS, Reason.BOUNCED,
                           f"{d.returned} (Envoy 4)")
    return OrderResult(d.power, unit, d.order, "", Outcome.SUCCEEDS)
