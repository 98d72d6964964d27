"""Who plays whom: the powers with homes in the game's maze (rule 3: it is built for the
number of players), dealt rank by rank as the classic deal does, then by lot."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence


def dealer(owners: Sequence[str]) -> Callable[[Mapping[str, Sequence[str]], random.Random,
                                               Sequence[str]], dict[str, str]]:
    def deal(wishes: Mapping[str, Sequence[str]], rng: random.Random,
             powers: Sequence[str]) -> dict[str, str]:
        order = list(wishes)
        rng.shuffle(order)
        free = [p for p in powers if p in owners]
        given: dict[str, str] = {}
        for rank in range(len(powers)):
            for player in order:
                wanted = wishes[player]
                if player not in given and rank < len(wanted) and wanted[rank] in free:
                    given[player] = wanted[rank]
                    free.remove(given[player])
        rng.shuffle(free)
        for player in order:
            if player not in given and free:
                given[player] = free.pop()
        return {player: given[player] for player in wishes if player in given}
    return deal
