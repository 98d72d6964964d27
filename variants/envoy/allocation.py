"""Rule 2: countries allocated from the players' preference lists.

Two players get their first choices unless these are the same, then their second choices,
and so on; identical lists are settled by lot: the winner gets his first choice, the loser
his second. Generalised to three to seven players (docs/variants/envoy.md, "Allocation"):

- Choices are read a rank at a time. At each rank, a player still without a country gets
  his choice of that rank if nobody has it yet and no other player still without a country
  names it at that rank; players whose choices of a rank clash wait for the next rank, as
  two players do in the rule.
- Players still without a country after the seventh rank (their lists agree wherever it
  mattered) draw lots: in the drawn order, each takes the first country on his list that
  is still free. With two identical lists that is the rule's first and second choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def allocate(preferences: Mapping[str, Sequence[str]], rng: random.Random,
             powers: Sequence[str] = POWERS) -> dict[str, str]:
    """Each player's country. `rng` draws the lots (its `shuffle` only)."""
    _check(preferences, powers)
    given: dict[str, str] = {}
    for rank in range(len(powers)):
        waiting = [p for p in preferences if p not in given]
        wanted = [preferences[p][rank] for p in waiting]
        for player in waiting:
            choice = preferences[player][rank]
            if wanted.count(choice) == 1 and choice not in given.values():
                given[player] = choice
    left = sorted(p for p in preferences if p not in given)
    rng.shuffle(left)  # the lots: the first drawn chooses first
    for player in left:
        given[player] = next(c for c in preferences[player] if c not in given.values())
    return {p: given[p] for p in preferences}


def _check(preferences: Mapping[str, Sequence[str]], powers: Sequence[str]) -> None:
    if not 2 <= len(preferences) <= len(powers):
        raise ValueError(f"Envoy takes 2 to {len(powers)} players, not {len(preferences)}")
    for player, ranked in preferences.items():
        if sorted(ranked) != sorted(powers):
            raise ValueError(f"{player}'s list must rank all of {', '.join(powers)} once "
                             f"each (Envoy 2)")
