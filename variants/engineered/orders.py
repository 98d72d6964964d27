"""The engineers' own orders and events (rn45 C1 1a, C5 5d; C4, C6), registered on the
game's registry by engineers.py. An engineer's attached move is a plain move written for
its kind (`E Ber - Mun`, C5 5a(1)); movement.py takes it out of the standard adjudication."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.board import Board
from judge.engine.codec import unit_from_json, unit_to_json
from judge.engine.order_types import EventType, OrderType, Registry, SetKey, Writing
from judge.engine.orders import Order, VariantOrder
from judge.engine.outcome import VariantEvent
from judge.engine.standard_types import unit_slot
from judge.engine.types import ADJUSTMENT, MOVEMENT, Unit, UnitKind

ENGINEER = "E"
PRISON = "P"
KIND_NAMES = {"A": "army", "N": "navy", "F": "fighter"}  # rn45 B7: the military units


@dataclass(frozen=True, slots=True)
class Place(VariantOrder):
    """C1 1a: with his Spring 1901 orders a player locates his engineer with one of his
    units (`E Par`, or `PLACE E Par`)."""

    loc: str
    kind: str | None = ENGINEER


@dataclass(frozen=True, slots=True)
class Transport(VariantOrder):
    """C5 5d: the unit at `loc` has its country's engineer at `engineer` brought to it
    (`A StP T E Rum`), and does nothing else."""

    loc: str
    engineer: str
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class Convert(VariantOrder):
    """C2 2a, C4 4d: on the Winter turn the unit at `loc` becomes a unit of kind `to` at
    `dest` (its place, or the coast a navy takes): `CONVERT A Bre TO N`."""

    loc: str
    to: str
    dest: str
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class Engineering(VariantEvent):
    """Something that befell an engineer or a prison: `what` is one of WHAT's keys; `unit`
    the engineer or prison as it stood before; `by` the other country (a captor)."""

    what: str
    unit: Unit
    by: str = ""


WHAT = {
    "placed": "placed with the unit there (C1 1a)",
    "captured": "captured, now a prison (C4 4a)",
    "bugout": "bugged out, escaping capture (C5 5e)",
    "two_engineers": "disbanded: two engineers in one area (C6 6a)",
    "freed": "disbanded: a prison meeting an engineer (C6 6a)",
    "captor_dislodged": "disbanded: its captor was dislodged (C5 5c)",
    "term_over": "disbanded: its term ends with the spring (C4 4b)",
    "left_behind": "disbanded: its captor is gone (C4 4c)",
    "released": "disbanded by its captor's country (C4 4c)",
}


def check_own(board: Board, unit: Unit, order: Order) -> Order:
    return order  # movement.py judges these orders on the whole board


def _place_key(order: Place, kind: UnitKind | None) -> SetKey:
    return SetKey("engineer placement")  # one engineer is placed: a later line replaces


def _write_place(w: Writing, own: str, order: Place) -> str:
    return f"PLACE E {w.place(order.loc)}."


def _write_transport(w: Writing, own: str, order: Transport) -> str:
    return f"{own} TRANSPORTS E {w.place(order.engineer)}."


def _write_convert(w: Writing, own: str, order: Convert) -> str:
    into = KIND_NAMES.get(order.to, order.to).upper()
    coast = f" IN {w.place(order.dest)}" if "/" in order.dest else ""
    return f"{own} CONVERTS TO {into}{coast}."


def _event_to_json(registry: Registry, event: Engineering) -> dict[str, Any]:
    return {"event": "engineering", "what": event.what, "unit": unit_to_json(event.unit),
            "by": event.by}


def _event_from_json(registry: Registry, data: Mapping[str, Any]) -> Engineering:
    return Engineering(data["what"], unit_from_json(data["unit"]), data.get("by", ""))


CONVERT = OrderType(Convert, "Convert", frozenset(ADJUSTMENT),
                    lambda o: f"CONVERT {o.kind or ''} {o.loc} TO {o.to} {o.dest}",
                    _write_convert, unit_slot)
ORDERS = (
    OrderType(Place, "Place", frozenset(MOVEMENT), lambda o: f"PLACE E {o.loc}",
              _write_place, _place_key, check_own),
    OrderType(Transport, "Transport", frozenset(MOVEMENT),
              lambda o: f"{o.kind or ''} {o.loc} T E {o.engineer}".strip(),
              _write_transport, unit_slot, check_own),
    CONVERT,
)
EVENTS = (EventType(Engineering, "engineering", _event_to_json, _event_from_json),)
