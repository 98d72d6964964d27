"""How `judge adjudicate` writes the engine's records as JSON (docs/adjudicate.md, "Reply"):
shared by the reply and by each viewer's view of it."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from json.encoder import encode_basestring_ascii
from typing import Any

from judge.engine.codec import unit_to_json
from judge.engine.orders import Hold, Order, describe
from judge.engine.outcome import Dislodgement, OrderResult
from judge.engine.types import Unit


def unit_json(u: Unit) -> dict[str, Any]:
    """power, type, loc; and `payload` when the unit carries one (docs/adjudicate.md)."""
    return unit_to_json(u)


def dislodgement_json(d: Dislodgement) -> dict[str, Any]:
    return {**unit_json(d.unit), "attacker_from": d.attacker_from, "retreats": list(d.retreats)}


def result_json(r: OrderResult, texts: Mapping[int, str]) -> dict[str, Any]:
    """`texts`: the text each order was read from, by the order's id."""
    text = r.text or texts.get(id(r.order)) or _canonical(r.order)
    return {
        "power": r.power,
        "unit": {"type": r.unit.kind, "loc": r.unit.loc} if r.unit else None,
        "order": text,
        "outcome": r.outcome.value,
        "reason": r.message or (r.reason.value if r.reason else None),
        "dislodged": r.dislodged,
    }


def _canonical(order: Order | None) -> str:
    if order is None:
        return ""
    if isinstance(order, Hold):
        return f"{order.kind or ''} {order.loc.upper()} H".strip()
    return describe(order).upper()


def reply_text(reply: Mapping[str, Any]) -> str:
    """`json.dumps(reply)`, the same text, with the results and units (most of a reply)
    written through templates: the C encoder spends about half a microsecond per value,
    a third of a movement phase's whole round trip (bench/README.md)."""
    if type(reply) is not dict or not all(type(k) is str for k in reply):
        return json.dumps(reply)
    parts = []
    for key, value in reply.items():
        if key == "results" and type(value) is list:
            text = "[" + ", ".join([_result_text(r) for r in value]) + "]"
        elif key == "units" and type(value) is list:
            text = "[" + ", ".join([_unit_text(u) for u in value]) + "]"
        else:
            text = json.dumps(value)
        parts.append(f"{_value(key)}: {text}")
    return "{" + ", ".join(parts) + "}"


_quoted: Callable[[str], str] = encode_basestring_ascii  # what json.dumps writes for a str
_RESULT_KEYS = ("power", "unit", "order", "outcome", "reason", "dislodged")
_UNIT_KEYS = ("power", "type", "loc")


def _result_text(r: Any) -> str:
    if type(r) is not dict or tuple(r) != _RESULT_KEYS:
        return json.dumps(r)
    unit = r["unit"]
    where = (f'{{"type": {_value(unit["type"])}, "loc": {_value(unit["loc"])}}}'
             if type(unit) is dict and tuple(unit) == ("type", "loc") else json.dumps(unit))
    return (f'{{"power": {_value(r["power"])}, "unit": {where}, "order": {_value(r["order"])}, '
            f'"outcome": {_value(r["outcome"])}, "reason": {_value(r["reason"])}, '
            f'"dislodged": {_value(r["dislodged"])}}}')


def _unit_text(u: Any) -> str:
    if type(u) is not dict or tuple(u) != _UNIT_KEYS:
        return json.dumps(u)
    return (f'{{"power": {_value(u["power"])}, "type": {_value(u["type"])}, '
            f'"loc": {_value(u["loc"])}}}')


def _value(v: Any) -> str:
    if type(v) is str:
        return _quoted(v)
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    return json.dumps(v)
