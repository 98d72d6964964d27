"""How `judge adjudicate` writes the engine's records as JSON (docs/adjudicate.md, "Reply"):
shared by the reply and by each viewer's view of it."""

from __future__ import annotations

from collections.abc import Mapping
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
