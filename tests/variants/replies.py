"""Reading a `judge adjudicate` reply (docs/adjudicate.md) in held-out rules tests."""

from __future__ import annotations

from typing import Any


def outcome(reply: dict[str, Any], order: str) -> str:
    """The outcome of the one result whose order text is `order`."""
    [found] = [r["outcome"] for r in reply["results"] if r["order"] == order]
    return str(found)


def dislodged(reply: dict[str, Any]) -> list[str]:
    """"POWER loc" of each unit dislodged, sorted."""
    return sorted(f"{d['power']} {d['loc']}" for d in reply["dislodged"])
