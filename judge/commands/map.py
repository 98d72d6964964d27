"""MAP: the picture of a game's board, as the reader was mailed it (issue #14).

    MAP                    after SIGNON: your game's latest picture, as your seat sees it
    MAP <phase>            after SIGNON: the picture mailed with that phase's report
    MAP <game> [phase]     any game: as your signed-on seat sees it if it is that game,
                           otherwise as an observer does

The picture is drawn from the stored turn for the reader's viewer, exactly as the report
drew it (judge/turns/pictures.py): the PNG shown in the reply, the SVG attached. The master
and observers of a game whose observers see everything get the whole board.
"""

from __future__ import annotations

from judge.commands.context import JudgeContext, judge_context
from judge.commands.items import CommandResult, Invocation
from judge.commands.listing import reader_viewer
from judge.commands.registry import Command, CommandRegistry, Context
from judge.engine.types import Phase
from judge.game import history
from judge.game.errors import GameError
from judge.game.games import find_game, game_variant
from judge.reports.views import recipient_name
from judge.store.models import Game
from judge.turns.pictures import picture_of

USAGE = "MAP [game] [phase]"


def run_map(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    game, words = _game_and_phase(jc, invocation.args)
    try:
        phases = history.read_phases(game_variant(game).rules.calendar, words)
    except GameError as error:
        if words == invocation.args:  # neither a game nor a phase
            raise GameError(f"{' '.join(words)!r} is neither a game nor a phase of "
                            f"{game.name}; write {USAGE}, e.g. MAP {game.name} S1901M") \
                from error
        raise
    if len(phases) > 1:
        raise GameError(f"give one phase, e.g. MAP {game.name} {phases[0]}, or none for the "
                        "latest picture")
    phase: Phase | None = phases[0] if phases else None
    viewer = reader_viewer(jc, game)
    shown = picture_of(jc.session, game, phase, viewer)
    jc.files.extend(shown.files())
    png, svg = (f.filename for f in shown.files())
    return CommandResult.ok(f"The board of {game.name} {shown.what}, as "
                            f"{_as_whom(recipient_name(viewer))} sees it: {png} in this "
                            f"mail, and {svg} to save or zoom.")


def _game_and_phase(jc: JudgeContext, args: tuple[str, ...]) -> tuple[Game, tuple[str, ...]]:
    """The game named first, else the signed-on seat's (the words are then the phase)."""
    if args and (jc.seat is None or args[0].lower() != jc.seat.game.name):
        try:
            return find_game(jc.session, args[0]), args[1:]
        except GameError:
            if jc.seat is None:
                raise
    if jc.seat is not None:
        own = jc.seat.game
        return own, args[1:] if args and args[0].lower() == own.name else args
    raise GameError(f"say which game: write {USAGE}, e.g. MAP alpha, or sign on first "
                    "(SIGNON Falpha <password>) to see your own")


def _as_whom(name: str) -> str:
    return name if name not in ("Master", "Observer") else f"the {name.lower()}"


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="MAP", usage=USAGE, run=run_map,
        help="a picture of the board (PNG, and SVG attached): the latest, or the one "
             "mailed with a phase's report (as your seat, or an observer, may see it)"))
