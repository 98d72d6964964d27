"""Who gets which power at the start: the classic lot-and-rank deal, or a variant's own.

A variant folder may hold `allocation.py` with `allocate(preferences, rng, powers)`
returning each player's power (Envoy rule 2); it is loaded from the folder, as the
variant's `rules.py` is, so that nothing in judge/ names a variant.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path

from judge.store.models import Seat
from judge.variant import Variant

Allocate = Callable[[Mapping[str, Sequence[str]], random.Random, Sequence[str]],
                    dict[str, str]]


def assign_powers(seats: list[Seat], variant: Variant, rng: random.Random) -> None:
    """Each seat's power, from the seats' preference lists."""
    given = allocate_powers(variant, {str(s.id): s.preferences for s in seats}, rng)
    for seat in seats:
        seat.power = given[str(seat.id)]


def allocate_powers(variant: Variant, preferences: Mapping[str, Sequence[str]],
                    rng: random.Random) -> dict[str, str]:
    """Each player's power, by the variant's allocation or else the classic deal.
    `preferences`: each player's powers, best first, as long as he wrote them."""
    allocate = _allocator(variant.folder / "allocation.py")
    if allocate is None:
        return classic_deal(preferences, variant, rng)
    powers = [p.name for p in variant.powers]
    # Rule 2 wants every power ranked: a short list is completed in the variant's order.
    wishes = {player: [*wanted, *(p for p in powers if p not in wanted)]
              for player, wanted in preferences.items()}
    return allocate(wishes, rng, powers)


def classic_deal(preferences: Mapping[str, Sequence[str]], variant: Variant,
                 rng: random.Random) -> dict[str, str]:
    """Rank by rank: each player (in an order drawn by lot) gets the best-ranked power
    still free; powers left over go by lot to players whose wishes were all taken."""
    order = list(preferences)
    rng.shuffle(order)
    free = [p.name for p in variant.powers]
    given: dict[str, str] = {}
    for rank in range(len(free)):
        for player in order:
            wanted = preferences[player]
            if player not in given and rank < len(wanted) and wanted[rank] in free:
                given[player] = wanted[rank]
                free.remove(given[player])
    rng.shuffle(free)
    for player in order:
        if player not in given:
            given[player] = free.pop()
    return {player: given[player] for player in preferences}


@cache
def _allocator(path: Path) -> Allocate | None:
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"judge_allocation_{path.parent.name}", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found: Allocate = module.allocate
    return found
