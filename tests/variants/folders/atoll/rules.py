"""Atoll's hooks: each game gets its own ring of islands, drawn from its seed.

`make_map(options, seed)` lays the `size` middle provinces in an order drawn from the seed
and closes the ring through both homes; `customise` names the ring's size in the title,
to show that it sees the game's options, and with `standing = yes` makes movement a phase
that runs without waiting for orders (`PhaseHandler.runs_without_orders`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from judge.engine.position import Position
from judge.engine.rules import Rules, WrappedPhase
from judge.engine.types import MOVEMENT
from judge.variant import Variant

NAMES = ("One", "Two", "Three", "Four", "Five", "Six")


def make_map(options: dict[str, Any], seed: int) -> dict[str, Any]:
    size = int(options["size"])
    middles = [f"m{i}" for i in range(1, size + 1)]
    random.Random(seed).shuffle(middles)
    ring = ["nh", *middles[: size // 2], "sh", *middles[size // 2:]]
    provinces = [{"id": "nh", "name": "North Home", "terrain": "land", "supply": 1,
                  "home": "NORTH"},
                 {"id": "sh", "name": "South Home", "terrain": "land", "supply": 1,
                  "home": "SOUTH"}]
    provinces += [{"id": f"m{i}", "name": f"Middle {NAMES[i - 1]}", "terrain": "land",
                   "supply": 1} for i in range(1, size + 1)]
    borders = [{"a": a, "b": b, "graphs": ["army"]}
               for a, b in zip(ring, [*ring[1:], ring[0]], strict=True)]
    return {"provinces": provinces, "borders": borders}


def customise(variant: Variant) -> Variant:
    rules = variant.rules
    if variant.options.get("standing"):
        handlers = {**rules.handlers, MOVEMENT: Standing(rules.handlers[MOVEMENT])}
        rules = replace(rules, handlers=handlers)
    return replace(variant, rules=rules, title=f"Atoll of {variant.options['size']}")


class Standing(WrappedPhase):
    """Movement as the standard game has it, but nobody is waited for: units without
    orders hold."""

    def runs_without_orders(self, rules: Rules, position: Position) -> bool:
        return True
