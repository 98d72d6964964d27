"""Positions, orders and events as JSON-able values, and back: how turns are stored.

The store keeps the structured events of every turn so that history, rollback and each
viewer's reports never need to adjudicate again; this is their one serialised form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from judge.engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
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

Json = dict[str, Any]

_ORDERS: dict[str, type[Order]] = {
    cls.__name__: cls for cls in (Hold, Move, Support, Convoy, Retreat, Disband, Build, Waive)
}


def unit_to_json(unit: Unit) -> Json:
    out: Json = {"power": unit.power, "type": unit.kind, "loc": unit.loc}
    if unit.payload:  # only when carried: standard turns are stored as before
        out["payload"] = [[name, _value_to_json(v)] for name, v in unit.payload]
    return out


def unit_from_json(data: Mapping[str, Any]) -> Unit:
    payload = tuple((name, _value_from_json(v)) for name, v in data.get("payload", ()))
    return Unit(data["power"], data["type"], data["loc"], payload)


def _value_to_json(value: PayloadValue | Unit) -> Any:
    return {"unit": unit_to_json(value)} if isinstance(value, Unit) else value


def _value_from_json(value: Any) -> PayloadValue | Unit:
    if isinstance(value, dict):
        return unit_from_json(value["unit"])
    if value is None or isinstance(value, str | int | bool):
        return value
    raise ValueError(f"not a payload value: {value!r}")


def order_to_json(order: Order) -> Json:
    out: Json = {"order": type(order).__name__}
    for f in fields(order):
        value = getattr(order, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def order_from_json(data: Mapping[str, Any]) -> Order:
    cls = _ORDERS.get(data.get("order", ""))
    if cls is None:
        raise ValueError(f"not an order: {data!r}")
    values = {f.name: data[f.name] for f in fields(cls) if f.name in data}
    if "route" in values:
        values["route"] = tuple(values["route"])
    return cls(**values)


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


def event_to_json(event: Event) -> Json:
    if isinstance(event, OrderResult):
        return {"event": "result", "power": event.power,
                "unit": unit_to_json(event.unit) if event.unit else None,
                "order": order_to_json(event.order) if event.order else None,
                "text": event.text, "outcome": event.outcome.value,
                "reason": event.reason.value if event.reason else None,
                "message": event.message, "dislodged": event.dislodged,
                # Only when set: turns stored before the flag existed read back as ordered.
                **({"unordered": True} if event.unordered else {})}
    if isinstance(event, Dislodgement):
        return {"event": "dislodged", **_dislodgement_to_json(event)}
    if isinstance(event, CentreChange):
        return {"event": "centre", "centre": event.centre, "old_owner": event.old_owner,
                "new_owner": event.new_owner}
    return {"event": "adjustment", "power": event.power, "count": event.count,
            **({"waived": event.waived} if event.waived else {})}


def event_from_json(data: Mapping[str, Any]) -> Event:
    kind = data.get("event")
    if kind == "result":
        return _result_from_json(data)
    if kind == "dislodged":
        return _dislodgement_from_json(data)
    if kind == "centre":
        return CentreChange(data["centre"], data["old_owner"], data["new_owner"])
    if kind == "adjustment":
        return Adjustment(data["power"], data["count"], data.get("waived", 0))
    raise ValueError(f"not an event: {data!r}")


def _result_from_json(data: Mapping[str, Any]) -> OrderResult:
    return OrderResult(
        data["power"],
        unit_from_json(data["unit"]) if data["unit"] else None,
        order_from_json(data["order"]) if data["order"] else None,
        data["text"],
        Outcome(data["outcome"]),
        Reason(data["reason"]) if data["reason"] else None,
        data["message"],
        data["dislodged"],
        bool(data.get("unordered", False)),
    )
