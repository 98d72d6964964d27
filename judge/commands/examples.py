"""Powers for the examples in replies, from the game's own variant: "e.g. SET CONCEDE
France" means nothing in Algernon (Alpha, Bravo, ...), and told to France it names the
one power she may not concede to."""

from __future__ import annotations

from collections.abc import Collection

from judge.game.games import game_variant
from judge.store.models import Game
from judge.variant import power_name


def example_powers(game: Game, *mine: str | None, count: int = 1, sep: str = " ",
                   among: Collection[str] | None = None) -> str:
    """The first `count` powers of the game's variant that are none of `mine` (and are
    `among` those given: the surviving players a vote may name), by name."""
    others = [power_name(p) for p in game_variant(game).rules.powers
              if p not in mine and (among is None or p in among)]
    return sep.join(others[:count]) or "master"
