"""Orders for some units of a multi-unit province: '2 D Fra-Bel'.

A platform concept, not one game's rule: where units of a kind combine (`UnitKind.combines`),
several units stand in one province, and a line may order a number of them. The counted
orders are the plain ones with a count; a variant whose units stack registers them
(`counted_orders`) and resolves them in its own handler, since how sub-stacks fight is
that game's rule.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from judge.engine.order_types import OrderType, Registry, SetKey, Writing
from judge.engine.orders import Convoy, Hold, Move, Order, Support
from judge.engine.types import MOVEMENT, UnitKind


@dataclass(frozen=True, slots=True)
class CountedHold(Hold):
    count: int = 1


@dataclass(frozen=True, slots=True)
class CountedMove(Move):
    count: int = 1


@dataclass(frozen=True, slots=True)
class CountedSupport(Support):
    count: int = 1


@dataclass(frozen=True, slots=True)
class CountedConvoy(Convoy):
    count: int = 1


def counted(registry: Registry, order: Order, count: int) -> Order | None:
    """The order for `count` units of the stack, or None where the registry has no
    counted form of it."""
    make = registry.counted.get(type(order))
    if make is None:
        return None
    made: Order = make(**_fields(order), count=count)
    return made


def count_of(order: Order) -> int | None:
    """How many units of its stack the order is for; None: all those not counted."""
    count: int | None = getattr(order, "count", None)
    return count


def uncounted(registry: Registry, order: Order) -> Order:
    """The plain order, as the legality checks and Decisions know them."""
    plain = registry.order_type(order).counts
    if plain is None:
        return order
    made: Order = plain(**{k: v for k, v in _fields(order).items() if k != "count"})
    return made


def _fields(order: Order) -> dict[str, Any]:
    return {f.name: getattr(order, f.name) for f in fields(order)}


def _counted_type(plain: OrderType, cls: type) -> OrderType:
    def describe(order: Any) -> str:
        return f"{order.count} {plain.describe(order)}"

    def write(w: Writing, own: str, order: Any) -> str:
        return plain.write(w, f"{order.count} {own}", order)

    def key(order: Any, kind: UnitKind | None) -> SetKey:
        # Numbered lines add up ('1 D Ita-Aus' and '1 D Ita-Gre' order two units), where
        # the unit's kind tells they are of a layer of their own.
        slot = plain.key(order, kind)
        if kind is None or kind.layer == "main":
            return slot
        return SetKey(f"{slot.slot}/counted", adds=True)

    return OrderType(cls, cls.__name__, frozenset(MOVEMENT), describe, write, key,
                     counts=plain.cls)


def counted_orders(registry: Registry) -> tuple[OrderType, ...]:
    """The counted forms of the registry's Hold, Move, Support and Convoy, to register."""
    pairs = ((Hold, CountedHold), (Move, CountedMove), (Support, CountedSupport),
             (Convoy, CountedConvoy))
    return tuple(_counted_type(registry.orders[plain], cls) for plain, cls in pairs)
