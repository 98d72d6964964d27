"""SET MAP ... ENDMAP: the master writes his game's map in his variant's own text form,
before the start or, where the variant allows it, after (judge/game/game_map.py); GET MAP:
the master reads it back in that form. Nobody else may do either."""

from __future__ import annotations

from judge.commands.items import CommandResult, Invocation
from judge.commands.master import master_of, record
from judge.commands.registry import Command, CommandRegistry, Context
from judge.game.errors import GameError
from judge.game.game_map import map_text, replace_map
from judge.store.models import GameState


def run_map(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    text = "\n".join(invocation.block)
    if not text.strip():  # SET MAP and ENDMAP with nothing between: the map is a file
        text = jc.attached() or ""
    if not text.strip():
        return CommandResult.fail("write the map on the lines after SET MAP, then a line "
                                  "ENDMAP, or attach it as a text file and write SET MAP "
                                  "and ENDMAP with nothing between")
    started = game.state != GameState.FORMING
    world = replace_map(jc.session, game, text)
    spaces = len(world.get("provinces", ()))
    record(jc, seat, "map", provinces=spaces, started=started)
    if started:
        return CommandResult.ok(f"The map of {game.name} is changed ({spaces} spaces); "
                                "the game goes on on it from the turn now open.")
    return CommandResult.ok(f"The map of {game.name} is replaced by yours ({spaces} spaces); "
                            "the game will be played on it.")


def run_get_map(ctx: Context, invocation: Invocation) -> CommandResult:
    try:
        jc, seat, game = master_of(ctx)
    except GameError as exc:  # a player who asked for the board as njudge's GET MAP
        return CommandResult.fail(f"{exc}; MAP [game] sends a picture of the board")
    text = map_text(game)
    record(jc, seat, "read map")
    return CommandResult.ok(f"The map of {game.name} (to change it, send it back between "
                            "SET MAP and ENDMAP):", *text.rstrip("\n").split("\n"))


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="SET MAP", usage="SET MAP ... ENDMAP", run=run_map, block=True, end_words=("ENDMAP",),
        help="replace your game's map by the one written on the lines that follow, in the "
             "variant's own form: before the start, or after it where the variant allows "
             "(master)"))
    registry.register(Command(
        name="GET MAP", usage="GET MAP", run=run_get_map,
        help="your game's own map in the variant's text form, to read or edit (master)"))
