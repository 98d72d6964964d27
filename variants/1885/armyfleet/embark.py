"""Embarkation (l.39-42): before the movement, an army boards its power's fleet in a sea
it touches, which becomes an A/F; a legal embarkation never fails. And landings: which sea
an army lands from (l.46-47: next to the sea the A/F moves to; l.51-53: next to its own while
the fleet moves elsewhere; l.58-60)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.board import Illegal
from judge.engine.orders import Move, Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

from .orders import ARMY, ARMY_FLEET, FLEET, Disembark, Embark
from .table import Landing

Orders = Mapping[str, Sequence[Order]]


def embark(rules: Rules, position: Position, embarks: Sequence[tuple[str, Embark]]
           ) -> tuple[Position, list[OrderResult]]:
    units, results = list(position.units), []
    for power, order in embarks:
        try:
            army, fleet = _boarding(rules, units, power, order)
        except Illegal as exc:
            unit = _find(units, province_of(order.loc))
            results.append(OrderResult(power, unit, order, "", Outcome.ILLEGAL, exc.reason,
                                       exc.message))
            continue
        units.remove(army)
        units[units.index(fleet)] = Unit(fleet.power, ARMY_FLEET, fleet.loc, fleet.payload)
        results.append(OrderResult(power, army, order, "", Outcome.SUCCEEDS))
    return position.with_board(tuple(units)), results


def _find(units: Sequence[Unit], prov: str, kind: str | None = None,
          power: str | None = None) -> Unit | None:
    for u in units:
        if province_of(u.loc) == prov and kind in (None, u.kind) and power in (None, u.power):
            return u
    return None


def _boarding(rules: Rules, units: list[Unit], power: str, order: Embark) -> tuple[Unit, Unit]:
    geo = rules.geo
    here, sea = province_of(order.loc), geo.province.get(order.fleet, order.fleet)
    army = _find(units, here)
    if army is None or army.kind != ARMY:
        raise Illegal(f"there is no army in {here} to board a fleet", Reason.NO_UNIT)
    if army.power != power:
        raise Illegal(f"{army} belongs to {army.power}, not {power}", Reason.NOT_YOURS)
    if sea not in geo.provinces or geo.provinces[sea].terrain != "sea":
        raise Illegal(f"an army boards a fleet in a sea (l.44-48); {sea} is none")
    fleet = _find(units, sea, FLEET, power)
    if fleet is None:
        raise Illegal(f"{power} has no fleet without an army aboard in {sea} to board "
                      "(an army boards its own power's fleet)")
    if not geo.touches(rules.kinds[FLEET], sea, here):
        raise Illegal(f"{here} does not touch {sea}")
    return army, fleet


def _sails(rules: Rules, af: Unit, dest: str) -> bool:
    prov = rules.geo.province.get(dest, province_of(dest))
    return prov in rules.geo.provinces and rules.geo.provinces[prov].terrain == "sea" \
        and rules.geo.touches(rules.kinds[ARMY_FLEET], af.loc, prov)


def landings(rules: Rules, position: Position, given: Sequence[tuple[str, Disembark]],
             orders: Orders) -> tuple[list[Landing], list[OrderResult]]:
    out: list[Landing] = []
    refused: list[OrderResult] = []
    for power, order in given:
        try:
            out.append(_landing(rules, position, power, order, orders.get(power, ())))
        except Illegal as exc:
            unit = _find(position.units, province_of(order.loc))
            refused.append(OrderResult(power, unit, order, "", Outcome.ILLEGAL, exc.reason,
                                       exc.message))
    return out, refused


def _no_af(power: str, here: str, order: Disembark, own: Sequence[Order]) -> str:
    """Why nothing lands from `here`, and, where one of the writer's own moves comes into
    `here` (`A/F Eng - Nth` with `A/F Nth disembarks Hol`), the line he meant: a landing
    names the sea its A/F stands in before the move (l.46-47)."""
    why = f"{power} has no A/F in {here} to land an army from"
    start = next((province_of(o.loc) for o in own if isinstance(o, Move)
                  and province_of(o.dest) == here), None)
    if start is None:
        return why
    return (f"{why}: name the A/F where it stands before this month's move, A/F "
            f"{start.title()} disembarks {order.dest.title()} (it may land from the sea it "
            f"moves to)")


def _landing(rules: Rules, position: Position, power: str, order: Disembark,
             own: Sequence[Order]) -> Landing:
    geo, here = rules.geo, province_of(order.loc)
    af = _find(position.units, here, ARMY_FLEET, power)
    if af is None:
        raise Illegal(_no_af(power, here, order, own), Reason.NO_UNIT)
    moved = next((o.dest for o in own if isinstance(o, Move) and province_of(o.loc) == here
                  and o.kind in (None, FLEET, ARMY_FLEET)), None)
    if moved and not _sails(rules, af, moved):
        moved = None  # a move the A/F cannot make puts its army in no other sea
    dest = geo.province.get(order.dest, order.dest)
    army = rules.kinds[ARMY]
    if not geo.stand_locations(army, province_of(dest)):
        raise Illegal(f"an army cannot land in {dest}")
    seas = [order.sea] if order.sea else [af.loc, *([moved] if moved else [])]
    for sea in seas:
        sea = geo.province.get(sea, sea)
        at_hand = sea == af.loc or (moved and sea == geo.province.get(moved, moved))
        if at_hand and geo.touches(rules.kinds[FLEET], sea, province_of(dest)):
            return Landing(power, af, order, sea, province_of(dest), sea != af.loc)
    raise Illegal(f"the army aboard the A/F in {here} cannot land in {dest}: it lands on a "
                  "coast next to the A/F's sea, or next to the sea the A/F moves to "
                  "(l.46-47, 51-53)")
