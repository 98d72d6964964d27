"""Helpers for Envoy scenarios through `judge adjudicate`'s JSON (docs/adjudicate.md)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from judge.protocol import handle_line


def ask(request: dict[str, Any]) -> dict[str, Any]:
    reply = handle_line(json.dumps({"variant": "envoy", **request}))
    assert "error" not in reply, reply
    return reply


def units(*specs: str) -> list[dict[str, str]]:
    """'FRANCE D ita' -> the unit as JSON; 'FRANCE 2D fra' -> a stack of two."""
    out = []
    for spec in specs:
        power, kind, loc = spec.split()
        count = int(kind[:-1]) if len(kind) > 1 else 1
        out += [{"power": power, "type": kind[-1], "loc": loc}] * count
    return out


def board(reply: dict[str, Any], kind: str | None = None) -> Counter[str]:
    return Counter(f"{u['power']} {u['type']} {u['loc']}" for u in reply["units"]
                   if kind is None or u["type"] == kind)


def result(reply: dict[str, Any], loc: str, kind: str) -> dict[str, Any]:
    found: list[dict[str, Any]] = [r for r in reply["results"]
                                   if r["unit"] == {"type": kind, "loc": loc}]
    (one,) = found
    return one


def control(reply: dict[str, Any]) -> dict[str, tuple[str, str | None]]:
    return {n: (s, p) for n, (s, p) in reply["state"]["control"].items()}
