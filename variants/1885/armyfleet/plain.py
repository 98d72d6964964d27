"""The plain forms a player writes for boarding and landing (docs/variants/1885-iii.md):
`A Lon - Eng`, an army moving onto its power's fleet at sea, boards it; `A Eng - Por`, the
army of the A/F in the Channel moving ashore, lands. Each is read as the order it means,
and its result names the line as written."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from judge.engine.order_types import OrderType, Registry, SetKey
from judge.engine.orders import Move, Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.standard_types import unit_slot
from judge.engine.types import Unit, UnitKind, province_of

from .orders import ARMY, ARMY_FLEET, FLEET, Disembark, Embark

Orders = Mapping[str, Sequence[Order]]


def landing_moves(registry: Registry, rules: Rules) -> OrderType:
    """Move's type with the set key of a landing for an army's move from a sea (`A Eng -
    Por`), so that it does not replace the A/F's own order (`A/F Eng - Mao`)."""
    sea = {p.id for p in rules.geo.provinces.values() if p.terrain == "sea"}

    def key(order: Move, kind: UnitKind | None) -> SetKey:
        if order.kind == ARMY and province_of(order.loc) in sea:
            return SetKey(f"{province_of(order.loc)}/landing")
        return unit_slot(order, kind)

    return replace(registry.orders[Move], key=key)


def meant(rules: Rules, position: Position, orders: Orders
          ) -> tuple[dict[str, list[Order]], dict[int, Order]]:
    """The orders as meant, and each rewritten order's line as written (by id). An army's
    move from a sea is a landing only where an A/F stands or an army boards this month:
    elsewhere the kind written is a hint, as ever (DATC 4.C.1)."""
    at = {province_of(u.loc): u for u in position.units}
    out: dict[str, list[Order]] = {}
    written: dict[int, Order] = {}
    for power, given in orders.items():
        boarding = [_boarding(rules, at, power, o) for o in given]
        boarded = {province_of(o.fleet) for o in [*given, *boarding] if isinstance(o, Embark)}
        for order, board in zip(given, boarding, strict=True):
            new = board if board is not order else _landing(at, power, order, boarded)
            if new is not order:
                written[id(new)] = order
            out.setdefault(power, []).append(new)
    return out, written


def _boarding(rules: Rules, at: Mapping[str, Unit], power: str, order: Order) -> Order:
    if type(order) is not Move or order.via_convoy:
        return order
    here = at.get(province_of(order.loc))
    dest = rules.geo.province.get(order.dest, province_of(order.dest))
    there = at.get(dest)
    if here is not None and here.power == power and here.kind == ARMY and there is not None \
            and there.kind == FLEET and there.power == power \
            and rules.geo.provinces[dest].terrain == "sea":
        return Embark(order.loc, dest)
    return order


def _landing(at: Mapping[str, Unit], power: str, order: Order, boarded: set[str]) -> Order:
    if type(order) is not Move or order.via_convoy or order.kind != ARMY:
        return order
    here = at.get(province_of(order.loc))
    if here is None or here.power != power:
        return order
    if here.kind == ARMY_FLEET or (here.kind == FLEET and province_of(here.loc) in boarded):
        return Disembark(order.loc, order.dest)
    return order


def second_orders(rules: Rules, position: Position, orders: Orders
                  ) -> tuple[dict[str, list[Order]], list[OrderResult]]:
    """The orders without each army's move from a sea that is no landing (no A/F there, no
    army boarding) where the fleet there has an order of its own; each refused, saying so.
    Its set key is the landing's, so it does not replace the fleet's order, and as the
    fleet's second order it would leave the fleet without one."""
    sea = {p.id for p in rules.geo.provinces.values() if p.terrain == "sea"}
    at = {province_of(u.loc): u for u in position.units}
    kept: dict[str, list[Order]] = {}
    refused: list[OrderResult] = []
    for power, given in orders.items():
        own = {province_of(o.loc) for o in given if not _plain_landing(o, sea)}
        for order in given:
            where = province_of(order.loc)
            if _plain_landing(order, sea) and where in own:
                refused.append(OrderResult(power, at.get(where), order, "", Outcome.ILLEGAL,
                                           Reason.ILLEGAL, _SECOND.format(sea=where)))
            else:
                kept.setdefault(power, []).append(order)
    return kept, refused


_SECOND = ("no A/F stands in {sea} and no army boards the fleet there this month, so an "
           "army's move from it is the fleet's order, and the fleet has one already: "
           "write the one order you mean for the fleet, or board an army first (l.39-47)")


def _plain_landing(order: Order, sea: set[str]) -> bool:
    return type(order) is Move and order.kind == ARMY and province_of(order.loc) in sea


def as_written(results: Sequence[OrderResult], written: Mapping[int, Order]
               ) -> list[OrderResult]:
    return [r._replace(order=written[id(r.order)]) if id(r.order) in written else r
            for r in results]
