"""Who plays whom: the powers with homes in the game's maze (rule 3: it is built for the
number of players), dealt rank by rank as the classic deal does, then by lot."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from judge.variant import Allocate, deal_by_rank


def dealer(owners: Sequence[str]) -> Allocate:
    def deal(wishes: Mapping[str, Sequence[str]], rng: random.Random,
             powers: Sequence[str]) -> dict[str, str]:
        return deal_by_rank(wishes, [p for p in powers if p in owners], rng)
    return deal
