"""`"allocate"` of `judge adjudicate`: powers given out from preference lists, as a game
does when it starts (judge/game/allocation.py; Envoy rule 2), with the lots drawn from a
seed so that the answer can be checked again (docs/adjudicate.md, "Allocation")."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any

from judge.game.allocation import allocate_powers
from judge.variant import Variant

# All an allocation request may hold: an adjudication's fields mixed in would be silently
# ignored, so they are refused.
FIELDS = {"variant", "allocate"}


def allocation(variant: Variant, request: Mapping[str, Any]) -> dict[str, Any]:
    """{"allocate": {"players": {name: [power, ...]}, "seed": 7}} -> each player's power."""
    extra = sorted(set(request) - FIELDS)
    if extra:
        raise ValueError(f"an allocation request takes only 'variant' and 'allocate', not "
                         f"{', '.join(map(repr, extra))}")
    spec = request["allocate"]
    if not isinstance(spec, dict):
        raise ValueError("'allocate' must be an object with 'players' and optionally 'seed'")
    preferences = _preferences(variant, spec.get("players"))
    seed = spec.get("seed", secrets.randbits(32))
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"'seed' must be an integer, not {seed!r}")
    given = allocate_powers(variant, preferences, random.Random(seed))
    return {"allocation": given, "seed": seed}


def _preferences(variant: Variant, players: Any) -> dict[str, list[str]]:
    powers = variant.rules.powers
    if not isinstance(players, dict) or not 1 <= len(players) <= len(powers):
        raise ValueError(f"'players' must map 1 to {len(powers)} players to their "
                         f"preference lists")
    out: dict[str, list[str]] = {}
    for player, wanted in players.items():
        if not isinstance(wanted, list):
            raise ValueError(f"{player}'s preference list must be a list of powers")
        for power in wanted:
            if not isinstance(power, str) or power not in powers:
                raise ValueError(f"unknown power {power!r} in {player}'s list (the powers "
                                 f"are {', '.join(powers)})")
        if len(set(wanted)) != len(wanted):
            raise ValueError(f"{player}'s list names a power twice")
        out[str(player)] = [str(p) for p in wanted]
    return out
