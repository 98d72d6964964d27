"""Victory, which rule 8 leaves "to the players and/or the gamesmaster": chosen when the
game is created (`victory`, docs/variants/algernon.md).

- `centres` (the default): a player who owns `victory_count` centres wins; 0 means more
  than half of the maze's centres, the standard game's proportion (18 of 34 is just over
  half).
- `years`: when the Winter of `victory_year` ends, the player or players with the most
  centres win.
- `master`: nobody wins by count; the master ends the game (a draw or a concession).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from judge.engine.position import Position
from judge.engine.rules import Rules

Victory = Callable[[Rules, Position], tuple[str, ...]]


def victory_of(options: Mapping[str, object]) -> Victory:
    how = str(options.get("victory", "centres"))
    count = int(str(options.get("victory_count", 0)))
    year = int(str(options.get("victory_year", 1910)))

    def by_centres(rules: Rules, position: Position) -> tuple[str, ...]:
        need = count or len(rules.geo.supply_centres) // 2 + 1
        counts = _counts(rules, position)
        return tuple(p for p, n in counts.items() if n >= need and n == max(counts.values()))

    def by_years(rules: Rules, position: Position) -> tuple[str, ...]:
        if position.phase.year < year or position.phase.season != "W":
            return ()
        counts = _counts(rules, position)
        best = max(counts.values(), default=0)
        return tuple(p for p, n in counts.items() if n == best)

    def by_master(rules: Rules, position: Position) -> tuple[str, ...]:
        return ()

    return {"years": by_years, "master": by_master}.get(how, by_centres)


def _counts(rules: Rules, position: Position) -> dict[str, int]:
    return {p: len(rules.geo.owned_centres(position.owners, p))
            for p in rules.powers if rules.homes.get(p)}
