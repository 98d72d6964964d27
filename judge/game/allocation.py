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
    """Each seat's power, by the variant's allocation or else the classic deal."""
    allocate = _allocator(variant.folder / "allocation.py")
    if allocate is None:
        classic_deal(seats, variant, rng)
        return
    powers = [p.name for p in variant.powers]
    # Rule 2 wants every power ranked: a short list is completed in the variant's order.
    wishes = {str(s.id): [*s.preferences, *(p for p in powers if p not in s.preferences)]
              for s in seats}
    given = allocate(wishes, rng, powers)
    for seat in seats:
        seat.power = given[str(seat.id)]


def classic_deal(seats: list[Seat], variant: Variant, rng: random.Random) -> None:
    """Rank by rank: each player (in an order drawn by lot) gets the best-ranked power
    still free; powers left over go by lot to players whose wishes were all taken."""
    order = list(seats)
    rng.shuffle(order)
    free = [p.name for p in variant.powers]
    for rank in range(len(free)):
        for seat in order:
            if seat.power is None and rank < len(seat.preferences) \
                    and seat.preferences[rank] in free:
                seat.power = seat.preferences[rank]
                free.remove(seat.power)
    rng.shuffle(free)
    for seat in order:
        if seat.power is None:
            seat.power = free.pop()


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
