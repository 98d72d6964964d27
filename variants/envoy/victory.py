"""Envoy's victory (rule 10; docs/variants/envoy.md, "Victory").

A player wins with 18 centres against one opponent, 15 with three players, 12 with four;
his Major Allies' centres count, and his own capital counts twice (3). "Victory is
determined only in the adjustments season" (10): checked when the Autumn ends, on the
board the adjustment season counts (a win ends the game there, with no Winter), and when
an adjustment season ends, whose count is that board's (a Winter posed to `judge
adjudicate` with a winning count, or one after level counts).
"""

from __future__ import annotations

from collections.abc import Callable

from judge.engine.position import Position
from judge.engine.rules import Rules

from .builds import playing, supply
from .control import MAJOR_ALLY, Countries, neutrals, status
from .season import AUTUMN

WINTER = "W"

NEEDED = {2: 18, 3: 15, 4: 12}
# Rule 10 is silent beyond four players; "a mere 12" for four is its floor, kept for 5-7.
NEEDED_BEYOND = 12
Victory = Callable[[Rules, Position], tuple[str, ...]]


def centres_needed(player_count: int) -> int:
    return NEEDED.get(player_count, NEEDED_BEYOND)


def totals(rules: Rules, position: Position, countries: Countries) -> dict[str, int]:
    """Each player's count for rule 10: his centres, his capital once more, and the centres
    of each of his Major Allies (whose capitals count once, rule 3)."""
    held = supply(rules, position)
    out = {p: held.get(p, 0) for p in playing(rules, position)}
    for neutral in neutrals(position, rules):
        kind, who = status(position, countries, neutral)
        if kind == MAJOR_ALLY and who in out:
            out[who] += held.get(neutral, 0)
    return out


def standing(rules: Rules, board: Position, countries: Countries) -> dict[str, int]:
    """Rule 10's count on a board as a reader may see it (`Rules.standing`, an unnamed SET
    CONCEDE): the Major Allies its `control` snapshot names, which is a Secret Envoy
    player's own only (rule 11 hides the others' diplomats, and so their allies), never
    what the hidden diplomats would make of it. A board without the snapshot (the start)
    is counted as `totals` counts it."""
    control = board.state.get("control")
    if not isinstance(control, dict):
        return totals(rules, board, countries)
    held = supply(rules, board)
    out = {p: held.get(p, 0) for p in playing(rules, board)}
    for neutral, (kind, who) in control.items():
        if kind == MAJOR_ALLY and who in out:
            out[who] += held.get(neutral, 0)
    return out


def victory_for(countries: Countries) -> Victory:
    def victory(rules: Rules, position: Position) -> tuple[str, ...]:
        """The winner, once an Autumn or an adjustment season has ended: the one player
        at the rule 10 count; of two there at once, the larger total (equal totals: nobody
        yet)."""
        if position.phase.season not in (AUTUMN, WINTER):
            return ()
        counts = totals(rules, position, countries)
        need = centres_needed(len(counts))
        best = max(counts.values(), default=0)
        leaders = [p for p, n in counts.items() if n == best]
        return (leaders[0],) if best >= need and len(leaders) == 1 else ()
    return victory
