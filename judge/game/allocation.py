"""Who gets which power at the start: the classic lot-and-rank deal, or a variant's own.

A variant's `customise` may set `Variant.allocate(preferences, rng, powers)`, returning
each player's power (Envoy rule 2); without it the classic deal is used.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from judge.store.models import Seat
from judge.variant import Variant, deal_by_rank


def assign_powers(seats: list[Seat], variant: Variant, rng: random.Random) -> None:
    """Each seat's power, from the seats' preference lists."""
    given = allocate_powers(variant, {str(s.id): s.preferences for s in seats}, rng)
    for seat in seats:
        seat.power = given[str(seat.id)]


def allocate_powers(variant: Variant, preferences: Mapping[str, Sequence[str]],
                    rng: random.Random) -> dict[str, str]:
    """Each player's power, by the variant's allocation or else the classic deal.
    `preferences`: each player's powers, best first, as long as he wrote them."""
    allocate = variant.allocate
    if allocate is None:
        return classic_deal(preferences, variant, rng)
    powers = [p.name for p in variant.powers]
    # Rule 2 wants every power ranked: a short list is completed in the variant's order.
    wishes = {player: [*wanted, *(p for p in powers if p not in wanted)]
              for player, wanted in preferences.items()}
    return allocate(wishes, rng, powers)


def classic_deal(preferences: Mapping[str, Sequence[str]], variant: Variant,
                 rng: random.Random) -> dict[str, str]:
    """Rank by rank over all the variant's powers (judge.variant.deal_by_rank)."""
    return deal_by_rank(preferences, [p.name for p in variant.powers], rng)
