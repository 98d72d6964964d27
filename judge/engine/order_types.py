"""The registry of order and event types: what the judge knows of each kind of order.

Every order or event type a game may store declares here its JSON name, the phase kinds
it is legal in and its movement check, how it is written (the short notation and the
classic reports' words), and its key in a power's order set. Standard Diplomacy's types
are the default registry (judge/engine/standard_types.py); a variant registers its own
in its rules.py `customise()` on its own Rules, so two variants never see each other's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, NamedTuple, Protocol

from judge.engine.orders import Order
from judge.engine.refusal import Why
from judge.engine.types import UnitKind

Json = dict[str, Any]


class Writing(Protocol):
    """What the classic notation needs of the reader's map: how a place and another unit
    are named, and the phase kind (a disband is REMOVE in an adjustment phase)."""

    phase_kind: str

    def place(self, loc: str) -> str: ...

    def other(self, kind: str | None, loc: str) -> str:
        """A supported or convoyed unit, its kind taken from the board when not written."""
        ...


class SetKey(NamedTuple):
    """Where an order sits in a power's order set: `slot` names the unit or site; with
    `adds`, each order is an entry of its own (a waive, a counted line, one of several
    builds to one space) instead of replacing the slot's earlier order."""

    slot: str
    adds: bool = False


@dataclass(frozen=True, slots=True)
class OrderType:
    cls: type
    name: str  # in stored JSON
    phases: frozenset[str]  # the phase kinds the order is legal in
    describe: Callable[[Any], str]  # the short notation: 'A par - bur'
    # The classic notation: (names, the ordered unit as written, order) -> 'A Paris -> ...'.
    write: Callable[[Writing, str, Any], str]
    key: Callable[[Any, UnitKind | None], SetKey]
    # The movement-phase legality check: (board, unit, order) -> the order with its coasts
    # settled, or raise Illegal. None: the order is not given in movement phases.
    check: Callable[..., Order] | None = None
    # For an order standing for some units of a multi-unit province (judge/engine/
    # counted.py): the plain type it counts.
    counts: type | None = None


@dataclass(frozen=True, slots=True)
class EventType:
    cls: type
    name: str  # the "event" value in stored JSON
    to_json: Callable[[Registry, Any], Json]
    from_json: Callable[[Registry, Mapping[str, Any]], Any]


@dataclass(frozen=True)
class Registry:
    orders: Mapping[type, OrderType] = field(default_factory=dict)
    events: Mapping[type, EventType] = field(default_factory=dict)
    # The variant's own reasons for refusing an order, by code (judge/engine/refusal.py).
    reasons: Mapping[str, Why] = field(default_factory=dict)

    def with_orders(self, *types: OrderType) -> Registry:
        """This registry and `types` (a type registered again replaces the earlier one)."""
        return replace(self, orders={**self.orders, **{t.cls: t for t in types}})

    def with_events(self, *types: EventType) -> Registry:
        return replace(self, events={**self.events, **{t.cls: t for t in types}})

    def with_reasons(self, *whys: Why) -> Registry:
        return replace(self, reasons={**self.reasons, **{w.code: w for w in whys}})

    def order_type(self, order: object) -> OrderType:
        found = self.orders.get(type(order))
        if found is None:
            raise TypeError(f"{type(order).__name__} is not a registered order type")
        return found

    def describe(self, order: Order) -> str:
        return self.order_type(order).describe(order)

    def set_key(self, order: Order, kind: UnitKind | None) -> SetKey:
        return self.order_type(order).key(order, kind)

    @cached_property
    def by_name(self) -> dict[str, OrderType]:
        return {t.name: t for t in self.orders.values()}

    @cached_property
    def events_by_name(self) -> dict[str, EventType]:
        return {t.name: t for t in self.events.values()}

    @cached_property
    def checks(self) -> dict[type, Callable[..., Order]]:
        """The movement checks by order type: legality's hot path looks them up here."""
        return {cls: t.check for cls, t in self.orders.items() if t.check is not None}

    @cached_property
    def counted(self) -> dict[type, type]:
        """Each plain order type -> its counted form, where one is registered."""
        return {t.counts: cls for cls, t in self.orders.items() if t.counts is not None}
