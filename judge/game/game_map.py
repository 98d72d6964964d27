"""A master's own map for his game (SET MAP ... ENDMAP): the variant reads it from the
text the master wrote (rules.py `map_from_text`), and the game's variant is built on it,
with every check a folder's map gets, before it replaces the one made at CREATE. Once the
game has started, the variant says what an edit may change (rules.py `check_map_edit`);
a variant that does not say takes none. The master alone reads the map back (GET MAP,
rules.py `map_to_text`). docs/master.md; docs/variants.md, "How to add a game"."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from judge.engine.geo import MapError
from judge.game.errors import GameError
from judge.game.games import game_options, is_running, position_of
from judge.game.instance import variant_instance
from judge.store.models import Game, GameState
from judge.store.repo_games import current_turn
from judge.variant_hooks import game_map_text, map_edit_problems, read_game_map
from judge.variant_loader import load_variant


def replace_map(session: Session, game: Game, text: str) -> dict[str, Any]:
    """The game's new map, stored; a GameError with every problem when it cannot be."""
    started = game.state != GameState.FORMING
    if started and not is_running(game):
        raise GameError(f"{game.name} has ended: its map stays as it was played")
    variant = load_variant(game.variant)
    options = {**game_options(variant), **(game.variant_options or {})}
    try:
        world = read_game_map(variant, text, options)
        variant_instance(game.variant, options, game.variant_seed, world)
    except MapError as exc:
        raise GameError(f"the map was not taken:\n{exc}") from None
    if started:
        _check_edit(session, game, world)
    game.variant_map = world
    return world


def _check_edit(session: Session, game: Game, world: dict[str, Any]) -> None:
    turn = current_turn(session, game)
    problems = None if turn is None or game.variant_map is None else map_edit_problems(
        load_variant(game.variant), game.variant_map, world, position_of(turn))
    if problems is None:
        raise GameError(f"{game.name} has started: its map can be replaced only before")
    if problems:
        raise GameError("the map was not taken:\n" + "\n".join(problems))


def map_text(game: Game) -> str:
    """The game's map as its master writes it; a GameError when it has none of its own."""
    text = None if game.variant_map is None else game_map_text(load_variant(game.variant),
                                                               game.variant_map)
    if text is None:
        raise GameError(f"{game.name} plays the map of its variant ({game.variant}), not "
                        "one of its own: MAP sends its picture")
    return text
