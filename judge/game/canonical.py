"""An order as the board reads it: an army's coast, which means nothing, left out.

DATC 4.B.6 (and docs/orders.md): a coast in an army's order is ignored. The order keeps no
trace of it either, so that `A Con - Bul` and `A Con - Bul/sc` are one order (no conflict
in one message) and the replies and reports print both as `A Constantinople -> Bulgaria`.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.orders import Move, Order, Retreat
from judge.engine.position import Position
from judge.engine.types import RETREAT, Unit, coast_of, province_of
from judge.variant import Variant


def canonical(variant: Variant, position: Position, order: Order, power: str) -> Order:
    """`order` with a coast its unit cannot stand on dropped, when the unit stands on
    provinces (an army); a fleet's coast, even a wrong one, is left for the engine. With
    no kind written, the unit is one `power` may order: another's standing there, which
    he may not see (Stab Envoy 12d: his diplomat's line in his own country), must not
    change his order (adversary advsec6)."""
    if not isinstance(order, Move | Retreat) or coast_of(order.dest) is None:
        return order
    unit = unit_of(variant, position, order) if order.kind is None else None
    if unit is not None and not variant.rules.may_order(position, power, unit):
        unit = None
    kind = variant.rules.kinds.get(order.kind or (unit.kind if unit is not None else ""))
    if kind is None:
        return order
    prov = province_of(order.dest)
    stands = variant.rules.geo.stand_locations(kind, prov)
    if prov in stands and order.dest not in stands:
        return replace(order, dest=prov)
    return order


def unit_of(variant: Variant, position: Position, order: Order) -> Unit | None:
    """The unit an order is for: on the board, or dislodged in a retreat phase; of the
    order's own layer when it names its kind (the main layer otherwise)."""
    units = ([d.unit for d in position.dislodged] if position.phase.kind == RETREAT
             else position.units)
    kinds, prov = variant.rules.kinds, province_of(order.loc)
    kind = kinds.get(order.kind or "")
    layer = kind.layer if kind is not None else "main"
    return next((u for u in units if province_of(u.loc) == prov
                 and kinds[u.kind].layer == layer), None)
