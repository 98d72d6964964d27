"""Helpers for 1885-III scenarios through `judge adjudicate`'s JSON (docs/adjudicate.md)."""

from __future__ import annotations

import json
import sys
from types import ModuleType
from typing import Any

from judge.protocol import handle_line
from judge.variant_hooks import rules_module
from judge.variant_loader import load_variant


def folder_module(name: str) -> ModuleType:
    """One of variants/1885's modules, as its rules.py loads them (a folder named 1885 is no
    Python package name: `from variants.1885 import` cannot be written)."""
    package = rules_module(load_variant("1885").folder)
    assert package is not None
    return sys.modules[f"judge_variant_1885.{name}"]


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
