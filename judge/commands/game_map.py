"""SET MAP ... ENDMAP: the master writes his game's map before it starts, in his variant's own
text form (judge/game/game_map.py)."""

from __future__ import annotations

from judge.commands.items import CommandResult, Invocation
from judge.commands.master import master_of, record
from judge.commands.registry import Command, CommandRegistry, Context
from judge.game.game_map import replace_map


def run_map(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    text = "\n".join(invocation.block)
    if not text.strip():
        return CommandResult.fail("write the map on the lines after SET MAP, then a line ENDMAP")
    world = replace_map(game, text)
    record(jc, seat, "map", provinces=len(world.get("provinces", ())))
    return CommandResult.ok(f"The map of {game.name} is replaced by yours "
                            f"({len(world.get('provinces', ()))} spaces); the game will be "
                            "played on it.")


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="SET MAP", usage="SET MAP ... ENDMAP", run=run_map, block=True, end_words=("ENDMAP",),
        help="replace your game's map, before it starts, by the one written on the lines "
             "that follow, in the variant's own form (master)"))
