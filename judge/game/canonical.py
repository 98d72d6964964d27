"""An order as the board reads it: an army's coast, which means nothing, left out.

DATC 4.B.6 (and docs/orders.md): a coast in an army's order is ignored. The order keeps no
trace of it either, so that `A Con - Bul` and `A Con - Bul/sc` are one order (no conflict
in one message) and the replies and reports print both as `A Constantinople -> Bulgaria`.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.orders import Move, Order, Retreat
from judge.engine.position import Position
from judge.engine.types import RETREAT, coast_of, province_of
from judge.variant import Variant


def canonical(variant: Variant, position: Position, order: Order) -> Order:
    """`order` with a coast its unit cannot stand on dropped, when the unit stands on
    provinces (an army); a fleet's coast, even a wrong one, is left for the engine."""
    if not isinstance(order, Move | Retreat) or coast_of(order.dest) is None:
        return order
    kind = variant.rules.kinds.get(order.kind or _kind_at(position, order.loc) or "")
    if kind is None:
        return order
    prov = province_of(order.dest)
    stands = variant.rules.geo.stand_locations(kind, prov)
    if prov in stands and order.dest not in stands:
        return replace(order, dest=prov)
    return order


def _kind_at(position: Position, loc: str) -> str | None:
    units = ([d.unit for d in position.dislodged] if position.phase.kind == RETREAT
             else position.units)
    prov = province_of(loc)
    return next((u.kind for u in units if province_of(u.loc) == prov), None)
