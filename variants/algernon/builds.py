"""Builds from the priority lists sent with the moves (9, I.C): nobody writes orders in the
adjustment phase, which runs as soon as it opens. A power builds in the homes of its list
that it owns and finds empty, in the list's order, then in its other free homes at random
(I.C.1), drawn from the game's seed so that a replay draws the same. Removals, on which
the rules say nothing, are the standard civil disorder's (rule 1)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from judge.engine.adjustments import AdjustmentPhase, adjustment_counts, build_sites
from judge.engine.orders import Build, Order
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome, Rules

from .orders import RAT, build_lists
from .sight import Census


class ListedBuilds(AdjustmentPhase):
    def runs_without_orders(self, rules: Rules, position: Position) -> bool:
        return True

    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        lists = build_lists(position.state)
        builds: dict[str, list[Order]] = {}
        for power, count in adjustment_counts(rules, position).items():
            if count > 0:
                sites = build_sites(rules, position, power)
                chosen = _chosen(sites, lists.get(power, ()), count,
                                 _rng(position, power))
                builds[power] = [Build(site, RAT) for site in chosen]
        out = super().adjudicate(rules, position, builds)
        return out._replace(events=(*out.events, census(rules, out.position)))

    def needed(self, rules: Rules, position: Position) -> bool:
        return True  # rule 7: the counts are published every winter, builds or none


def census(rules: Rules, position: Position) -> Census:
    """Rule 7: every player's count of supply centres, the one public fact."""
    players = [p for p in rules.powers if rules.homes.get(p)]
    return Census(tuple(players),
                  tuple(len(rules.geo.owned_centres(position.owners, p)) for p in players))


def _chosen(sites: Sequence[str], wanted: Sequence[str], count: int,
            rng: random.Random) -> list[str]:
    first = [s for s in dict.fromkeys(wanted) if s in sites]
    rest = sorted(s for s in sites if s not in first)
    rng.shuffle(rest)
    return [*first, *rest][:count]


def _rng(position: Position, power: str) -> random.Random:
    return random.Random(f"{position.state.get('seed', 0)} {position.phase} {power}")
