"""How `judge adjudicate` writes the engine's records as JSON (docs/adjudicate.md, "Reply"):
shared by the reply and by each viewer's view of it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from judge.engine.codec import unit_to_json
from judge.engine.orders import Hold, Order, describe
from judge.engine.outcome import Dislodgement, OrderResult, Outcome, Reason
from judge.engine.types import Unit

try:
    # A dependency (pyproject.toml): it writes a movement phase's reply in about 6 µs,
    # where json.dumps took 80-110, most of the round trip's own cost (issue #18,
    # bench/README.md). Without it (a tree whose environment predates it) the standard
    # library writes the same text.
    import orjson
except ImportError:  # pragma: no cover - exercised by test_protocol_fast through _stdlib
    orjson = None  # type: ignore[assignment]


def unit_json(u: Unit) -> dict[str, Any]:
    """power, type, loc; and `payload` when the unit carries one (docs/adjudicate.md)."""
    if u.payload:
        return unit_to_json(u)
    return {"power": u.power, "type": u.kind, "loc": u.loc}


def dislodgement_json(d: Dislodgement) -> dict[str, Any]:
    return {**unit_json(d.unit), "attacker_from": d.attacker_from, "retreats": list(d.retreats)}


# An enum member's .value is a Python-level property on 3.11; these are looked up once per
# result.
_OUTCOME: dict[Outcome, str] = {o: o.value for o in Outcome}
_REASON: dict[Reason | None, str | None] = {r: r.value for r in Reason}
_REASON[None] = None


Describe = Callable[[Order], str]


def result_json(r: OrderResult, texts: Mapping[int, str],
                short: Describe = describe) -> dict[str, Any]:
    """`texts`: the text each order was read from, by the order's id; `short`: the short
    notation of an order read from none (the variant's registry's, for its own orders)."""
    return results_json((r,), texts, short)[0]


def results_json(results: Iterable[OrderResult], texts: Mapping[int, str],
                 short: Describe = describe) -> list[dict[str, Any]]:
    """result_json of each, in one loop (a reply has one per unit, issue #18)."""
    out = []
    outcomes, reasons, text_of = _OUTCOME, _REASON, texts.get
    for power, unit, order, text, outcome, reason, message, dislodged, _ in results:
        out.append({
            "power": power,
            "unit": {"type": unit.kind, "loc": unit.loc} if unit else None,
            "order": text or text_of(id(order)) or canonical(order, short),
            "outcome": outcomes[outcome],
            "reason": message or reasons[reason],
            "dislodged": dislodged,
        })
    return out


def units_json(units: Iterable[Unit]) -> list[dict[str, Any]]:
    """unit_json of each, in one comprehension."""
    return [unit_to_json(u) if u.payload else {"power": u.power, "type": u.kind, "loc": u.loc}
            for u in units]


def canonical(order: Order | None, short: Describe = describe) -> str:
    """An order no text was read for (an unordered unit's hold; a variant's own order given
    by its handler, such as a madman's unit's won order), in `short`, the variant's notation."""
    if order is None:
        return ""
    if isinstance(order, Hold):
        return f"{order.kind or ''} {order.loc.upper()} H".strip()
    return short(order).upper()


def reply_text(reply: Mapping[str, Any]) -> str:
    """The reply as one line of compact ASCII JSON: `json.dumps(reply, separators=(",",
    ":"))`'s text (a number may be spelt otherwise, 1e16 for 1e+16: the same value)."""
    if orjson is not None:
        try:
            text = orjson.dumps(reply).decode()
        except TypeError:  # what orjson does not write (a key not a string, a huge int)
            return _stdlib(reply)
        if text.isascii():
            return text
    return _stdlib(reply)


def _stdlib(reply: Mapping[str, Any]) -> str:
    """ASCII: a non-ASCII character (a player's arrow, '→') is escaped as \\u2192, so the
    reply reads the same whatever the reader's encoding."""
    return json.dumps(reply, separators=(",", ":"))
