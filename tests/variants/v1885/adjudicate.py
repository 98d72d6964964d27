"""Helpers for 1885-III scenarios through `judge adjudicate`'s JSON (docs/adjudicate.md)."""

from __future__ import annotations

import json
from typing import Any

from judge.protocol import handle_line


def ask(request: dict[str, Any]) -> dict[str, Any]:
    reply = handle_line(json.dumps({"variant": "1885", **request}))
    assert "error" not in reply, reply
    return reply


def units(*specs: str) -> list[dict[str, str]]:
    """'ITALY A rom' -> the unit as JSON."""
    out = []
    for spec in specs:
        power, kind, loc = spec.split()
        out.append({"power": power, "type": kind, "loc": loc})
    return out


def board(reply: dict[str, Any]) -> set[str]:
    return {f"{u['power']} {u['type']} {u['loc']}" for u in reply["units"]}


def outcomes(reply: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(r["power"], r["order"], r["outcome"]) for r in reply["results"]]
