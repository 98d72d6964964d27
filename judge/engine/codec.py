"""Positions, orders and events as JSON-able values, and back: how turns are stored.

The store keeps the structured events of every turn so that history, rollback and each
viewer's reports never need to adjudicate again; this is their one serialised form.
Orders and events are read and written through the game's registry (order_types.py):
a type a variant registers is stored and read back like the standard ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from judge.engine.order_types import EventType, Json, Registry
from judge.engine.orders import Order
from judge.engine.outcome import (
    Adjustment,
    CentreChange,
    Dislodgement,
    Event,
    OrderResult,
    Outcome,
    Reason,
)
from judge.engine.position import Position
from judge.engine.types import PayloadValue, Phase, Unit


def unit_to_json(unit: Unit) -> Json:
    out: Json = {"power": unit.power, "type": unit.kind, "loc": unit.loc}
    if unit.payload:  # only when carried: standard turns are stored as before
        out["payload"] = [[name, _value_to_json(v)] for name, v in unit.payload]
    return out


def unit_from_json(data: Mapping[str, Any]) -> Unit:
    if "payload" not in data:  # most units: every seat's board is read back per report
        return Unit(data["power"], data["type"], data["loc"])
    payload = tuple((name, _value_from_json(v)) for name, v in data["payload"])
    return Unit(data["power"], data["type"], data["loc"], payload)


def _value_to_json(value: PayloadValue | Unit) -> Any:
    return {"unit": unit_to_json(value)} if isinstance(value, Unit) else value


def _value_from_json(value: Any) -> PayloadValue | Unit:
    if isinstance(value, dict):
        return unit_from_json(value["unit"])
    if value is None or isinstance(value, str | int | bool):
        return value
    raise ValueError(f"not a payload value: {value!r}")


def order_to_json(registry: Registry, order: Order) -> Json:
    out: Json = {"order": registry.order_type(order).name}
    for f in fields(order):
        value = getattr(order, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def order_from_json(registry: Registry, data: Mapping[str, Any]) -> Order:
    kind = registry.by_name.get(data.get("order", ""))
    if kind is None:
        raise ValueError(f"not an order: {data!r}")
    # Orders are frozen values: a list in JSON (a convoy route) is a tuple in the order.
    values = {f.name: _frozen(data[f.name]) for f in fields(kind.cls) if f.name in data}
    order: Order = kind.cls(**values)
    return order


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def position_to_json(position: Position) -> Json:
    return {
        "phase": str(position.phase),
        "units": [unit_to_json(u) for u in position.units],
        "owners": dict(sorted(position.owners.items())),
        "dislodged": [_dislodgement_to_json(d) for d in position.dislodged],
        "state": dict(position.state),
    }


def position_from_json(data: Mapping[str, Any]) -> Position:
    return Position(
        Phase.parse(data["phase"]),
        tuple(unit_from_json(u) for u in data["units"]),
        dict(data["owners"]),
        tuple(_dislodgement_from_json(d) for d in data.get("dislodged", ())),
        dict(data.get("state", {})),
    )


def _dislodgement_to_json(d: Dislodgement) -> Json:
    return {"unit": unit_to_json(d.unit), "attacker_from": d.attacker_from,
            "retreats": list(d.retreats)}


def _dislodgement_from_json(data: Mapping[str, Any]) -> Dislodgement:
    return Dislodgement(unit_from_json(data["unit"]), data["attacker_from"],
                        tuple(data["retreats"]))


def event_to_json(registry: Registry, event: Event) -> Json:
    kind = registry.events.get(type(event))
    if kind is None:
        raise TypeError(f"{type(event).__name__} is not a registered event type")
    return {"event": kind.name, **kind.to_json(registry, event)}


def event_from_json(registry: Registry, data: Mapping[str, Any]) -> Event:
    kind = registry.events_by_name.get(data.get("event", ""))
    if kind is None:
        raise ValueError(f"not an event: {data!r}")
    event: Event = kind.from_json(registry, data)
    return event


def _result_to_json(registry: Registry, event: OrderResult) -> Json:
    return {"power": event.power,
            "unit": unit_to_json(event.unit) if event.unit else None,
            "order": order_to_json(registry, event.order) if event.order else None,
            "text": event.text, "outcome": event.outcome.value,
            "reason": event.reason.value if event.reason else None,
            "message": event.message, "dislodged": event.dislodged,
            # Only when set: turns stored before the flag existed read back as ordered.
            **({"unordered": True} if event.unordered else {})}


def _result_from_json(registry: Registry, data: Mapping[str, Any]) -> OrderResult:
    return OrderResult(
        data["power"],
        unit_from_json(data["unit"]) if data["unit"] else None,
        order_from_json(registry, data["order"]) if data["order"] else None,
        data["text"],
        Outcome(data["outcome"]),
        Reason(data["reason"]) if data["reason"] else None,
        data["message"],
        data["dislodged"],
        bool(data.get("unordered", False)),
    )


def _centre_to_json(registry: Registry, event: CentreChange) -> Json:
    return {"centre": event.centre, "old_owner": event.old_owner, "new_owner": event.new_owner}


def _adjustment_to_json(registry: Registry, event: Adjustment) -> Json:
    return {"power": event.power, "count": event.count,
            **({"waived": event.waived} if event.waived else {})}


STANDARD_EVENTS = (
    EventType(OrderResult, "result", _result_to_json, _result_from_json),
    EventType(Dislodgement, "dislodged", lambda _, e: _dislodgement_to_json(e),
              lambda _, data: _dislodgement_from_json(data)),
    EventType(CentreChange, "centre", _centre_to_json,
              lambda _, d: CentreChange(d["centre"], d["old_owner"], d["new_owner"])),
    EventType(Adjustment, "adjustment", _adjustment_to_json,
              lambda _, d: Adjustment(d["power"], d["count"], d.get("waived", 0))),
)
