"""A master's own map for his game (SET MAP ... ENDMAP), before it starts: the variant reads
it from the text the master wrote (rules.py `map_from_text`), and the game's variant is
built on it, with every check a folder's map gets, before it replaces the one made at
CREATE (docs/master.md; docs/variants.md, "How to add a game")."""

from __future__ import annotations

from typing import Any

from judge.engine.geo import MapError
from judge.game.errors import GameError
from judge.game.games import game_options
from judge.game.instance import variant_instance
from judge.store.models import Game, GameState
from judge.variant import load_variant
from judge.variant_hooks import read_game_map


def replace_map(game: Game, text: str) -> dict[str, Any]:
    """The game's new map, stored; a GameError with every problem when it cannot be."""
    if game.state != GameState.FORMING:
        raise GameError(f"{game.name} has started: its map can be replaced only before")
    variant = load_variant(game.variant)
    options = {**game_options(variant), **(game.variant_options or {})}
    try:
        world = read_game_map(variant, text, options)
        variant_instance(game.variant, options, game.variant_seed, world)
    except MapError as exc:
        raise GameError(f"the map was not taken:\n{exc}") from None
    game.variant_map = world
    return world
