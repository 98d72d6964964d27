"""Standard Diplomacy's order and event types: the default registry of every variant.

The classic notation (`write`) is the judge's report language: 'A Paris -> Burgundy.',
'F North Sea CONVOY A London -> Norway.'; names come from the reader's map (Writing).
"""

from __future__ import annotations

from typing import Any

from judge.engine.checks import CHECKS
from judge.engine.codec import STANDARD_EVENTS
from judge.engine.order_types import OrderType, Registry, SetKey, Writing
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    Support,
    Waive,
    describe,
)
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, UnitKind, province_of


def unit_slot(order: Any, kind: UnitKind | None) -> SetKey:
    """One order per unit: a later order for the same unit replaces the earlier one. A
    unit of another layer shares a province with a main unit without replacing its order."""
    place = province_of(order.loc)
    return SetKey(place if kind is None or kind.layer == "main" else f"{place}/{kind.layer}")


def _build_slot(order: Build, kind: UnitKind | None) -> SetKey:
    # Builds of a kind whose units combine are each their own entry (four units to one space).
    if kind is not None and kind.combines and kind.layer != "main":
        return SetKey(f"{province_of(order.loc)}/{kind.code}", adds=True)
    return unit_slot(order, kind)


def _waive_slot(order: Waive, kind: UnitKind | None) -> SetKey:
    return SetKey("waive", adds=True)  # a waive has no place: each is an entry


def _hold(w: Writing, own: str, order: Hold) -> str:
    return f"{own} HOLD."


def _move(w: Writing, own: str, order: Move) -> str:
    return f"{own} -> {w.place(order.dest)}" + (" VIA CONVOY." if order.via_convoy else ".")


def _retreat(w: Writing, own: str, order: Retreat) -> str:
    return f"{own} -> {w.place(order.dest)}."


def _support(w: Writing, own: str, order: Support) -> str:
    return f"{own} SUPPORT {_target(w, order.target_kind, order.target, order.dest)}."


def _convoy(w: Writing, own: str, order: Convoy) -> str:
    return f"{own} CONVOY {_target(w, order.target_kind, order.target, order.dest)}."


def _target(w: Writing, kind: str | None, target: str, dest: str | None) -> str:
    unit = w.other(kind, target)
    return unit if dest is None else f"{unit} -> {w.place(dest)}"


def _disband(w: Writing, own: str, order: Disband) -> str:
    return f"{own} {'REMOVE' if w.phase_kind == ADJUSTMENT else 'DISBAND'}."


def _build(w: Writing, own: str, order: Build) -> str:
    return f"BUILD {own}."


def _waive(w: Writing, own: str, order: Waive) -> str:
    return "WAIVE."


def _type(cls: type, phases: str, write: Any, key: Any = unit_slot) -> OrderType:
    return OrderType(cls, cls.__name__, frozenset(phases), describe, write, key,
                     CHECKS.get(cls))


STANDARD_ORDERS = (
    _type(Hold, MOVEMENT, _hold), _type(Move, MOVEMENT, _move),
    _type(Support, MOVEMENT, _support), _type(Convoy, MOVEMENT, _convoy),
    _type(Retreat, RETREAT, _retreat), _type(Disband, RETREAT + ADJUSTMENT, _disband),
    _type(Build, ADJUSTMENT, _build, _build_slot), _type(Waive, ADJUSTMENT, _waive, _waive_slot),
)

STANDARD = Registry().with_orders(*STANDARD_ORDERS).with_events(*STANDARD_EVENTS)
