"""1885-III's victories (Victory Requirements, l.17-24): a single power with 24 centres
(`victory_centres`), or an "Alliance Victory" of two powers owning at least 34 centres
together "at the end of a Fall move", neither with fewer than 12, or of three owning at
least 38, none with fewer than 8.

"Fall" has no month in a calendar of months. The game option `alliance_months` names the
moves whose end counts: by default `sep` (September, the one month of the autumn after
which centres change hands, l.15-17: the regular Fall's place before the builds); `builds`
counts the end of every move after which centres change hands (March, June, September,
December), `dec` only December's (the year's last, as the regular Fall is).

The rules do not say whether an alliance is declared; the judge declares the one the
numbers show, reading b. and c. as criteria like a. (only d. asks for agreement, "if all
the Powers agree"; docs/variants/1885-iii.md). Should two alliances of the same size
qualify at once (possible only when a power near a solo could pair with either of two
others), the one with more centres wins, and if they tie nobody does yet.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from judge.engine.position import Position
from judge.engine.rules import Rules, most_centres_wins

ALLIANCES = ((2, 34, 12), (3, 38, 8))  # (powers, centres together, fewest each)
ALLIANCE_MONTHS = {"sep": ("SEP",), "builds": ("MAR", "JUN", "SEP", "DEC"), "dec": ("DEC",)}


def victory_for(option: str) -> Callable[[Rules, Position], tuple[str, ...]]:
    months = ALLIANCE_MONTHS[option]

    def victory(rules: Rules, position: Position) -> tuple[str, ...]:
        solo = most_centres_wins(rules, position)
        if solo or position.phase.season not in months:
            return solo
        return alliance(rules.geo.centre_counts(position.owners))

    return victory


def alliance(counts: dict[str, int]) -> tuple[str, ...]:
    """The alliance the counts make, pairs before triples; () when none or a tie."""
    for size, together, each in ALLIANCES:
        found = [(sum(counts[p] for p in group), group)
                 for group in combinations(sorted(counts), size)
                 if all(counts[p] >= each for p in group)
                 and sum(counts[p] for p in group) >= together]
        if not found:
            continue
        found.sort(reverse=True)
        if len(found) > 1 and found[0][0] == found[1][0]:
            return ()
        return found[0][1]
    return ()
