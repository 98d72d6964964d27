"""Random boards and orders for property tests, drawn with hypothesis."""

from __future__ import annotations

from hypothesis import strategies as st

from judge.engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Phase, Unit, province_of
from judge.variant_loader import load_variant

RULES: Rules = load_variant("standard").rules
POWERS = RULES.powers


@st.composite
def boards(draw: st.DrawFn, phase: str = "S1901M") -> Position:
    """Up to 34 units on distinct provinces, each on a location its kind may stand on."""
    geo = RULES.geo
    provs = sorted(p for p, prov in geo.provinces.items() if prov.terrain != "impassable")
    chosen = draw(st.lists(st.sampled_from(provs), min_size=12, max_size=34, unique=True))
    units = []
    for prov in chosen:
        kinds = [k for k in RULES.kinds.values() if geo.stand_locations(k, prov)]
        kind = draw(st.sampled_from(kinds))
        loc = draw(st.sampled_from(geo.stand_locations(kind, prov)))
        units.append(Unit(draw(st.sampled_from(POWERS)), kind.code, loc))
    owners = {c: draw(st.sampled_from(POWERS)) for c in sorted(geo.supply_centres)
              if draw(st.booleans())}
    return Position(Phase.parse(phase), tuple(units), owners)


def _near_provinces(unit: Unit) -> list[str]:
    kind = RULES.kinds[unit.kind]
    return sorted({province_of(n) for n in RULES.geo.neighbours(kind, unit.loc)})


@st.composite
def movement_orders(draw: st.DrawFn, position: Position) -> dict[str, list[Order]]:
    """Orders a player could write: moves first, then supports and convoys that mostly match
    them (so that dislodgements and paradoxes happen), and some that match nothing."""
    given: dict[Unit, Order] = {}
    for unit in position.units:
        near = _near_provinces(unit)
        if near and draw(st.integers(0, 9)) < 5:
            given[unit] = Move(unit.loc, draw(st.sampled_from(near)))
    for unit in position.units:
        if unit not in given:
            given[unit] = draw(_helping_order(unit, position, given))
    orders: dict[str, list[Order]] = {}
    for unit, order in given.items():
        orders.setdefault(unit.power, []).append(order)
    return orders


@st.composite
def _helping_order(draw: st.DrawFn, unit: Unit, position: Position,
                   given: dict[Unit, Order]) -> Order:
    near = set(_near_provinces(unit))
    moves = [o for o in given.values() if isinstance(o, Move) and o.dest in near]
    holders = [u for u in position.units if province_of(u.loc) in near]
    choice = draw(st.integers(0, 9))
    if choice < 5 and moves:
        move = draw(st.sampled_from(moves))
        return Support(unit.loc, move.loc, move.dest)
    if choice < 7 and holders:
        return Support(unit.loc, draw(st.sampled_from(holders)).loc)
    if choice < 9 and RULES.geo.provinces[province_of(unit.loc)].terrain == "sea":
        return draw(_convoy(unit, position, given))
    return Hold(unit.loc)


@st.composite
def _convoy(draw: st.DrawFn, fleet: Unit, position: Position, given: dict[Unit, Order]) -> Order:
    """A fleet at sea convoys a neighbouring army to another coast it touches."""
    near = _near_provinces(fleet)
    armies = [u for u in position.units if u.kind == "A" and province_of(u.loc) in near]
    coasts = [p for p in near if RULES.geo.provinces[p].terrain == "coast"]
    if not armies or len(coasts) < 2:
        return Hold(fleet.loc)
    army = draw(st.sampled_from(armies))
    dest = draw(st.sampled_from([c for c in coasts if c != province_of(army.loc)]))
    given[army] = Move(army.loc, dest, via_convoy=True)
    return Convoy(fleet.loc, army.loc, dest)


@st.composite
def retreat_orders(draw: st.DrawFn, position: Position) -> dict[str, list[Order]]:
    orders: dict[str, list[Order]] = {}
    for d in position.dislodged:
        options = [*d.retreats, *_near_provinces(d.unit)]
        retreat = draw(st.booleans())
        if options and retreat:
            order: Order = Retreat(d.unit.loc, draw(st.sampled_from(options)))
        else:
            order = Disband(d.unit.loc)
        orders.setdefault(d.unit.power, []).append(order)
    return orders


@st.composite
def adjustment_orders(draw: st.DrawFn, position: Position) -> dict[str, list[Order]]:
    orders: dict[str, list[Order]] = {}
    places = sorted(RULES.geo.supply_centres)
    for power in POWERS:
        for _ in range(draw(st.integers(0, 4))):
            kind = draw(st.sampled_from(["A", "F", None]))
            pick = draw(st.integers(0, 2))
            order: Order
            if pick == 0:
                order = Build(draw(st.sampled_from(places)), kind)
            elif pick == 1 and position.units:
                order = Disband(draw(st.sampled_from(position.units)).loc)
            else:
                order = Waive()
            orders.setdefault(power, []).append(order)
    return orders
