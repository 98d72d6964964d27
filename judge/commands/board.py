"""BOARD (also STATUS): the board of a game now, as the reader may see it.

    BOARD              after SIGNON: your seat's game, as your seat sees it
    BOARD <game>       any game: as your signed-on seat sees it if it is that game,
                       otherwise as an observer does

Units by power, supply centres with their counts, the builds and removals due in an
adjustment phase, the dislodged units and their retreats in a retreat phase; a finished
game shows its final board. A player sees the board his knowledge record keeps, anyone
else the variant's visibility's (judge/game/seat_board.py), as the turn reports do.
"""

from __future__ import annotations

from datetime import datetime

from judge.commands.context import JudgeContext, judge_context
from judge.commands.items import CommandResult, Invocation
from judge.commands.listing import reader_viewer
from judge.commands.registry import Command, CommandRegistry, Context
from judge.engine.codec import position_from_json
from judge.engine.position import Position
from judge.engine.types import Phase
from judge.game.errors import GameError
from judge.game.games import find_game, game_variant, is_running, position_of
from judge.game.history import processed_turns
from judge.game.seat_board import board_known, record_now
from judge.reports.render import render_board
from judge.store.models import Game, GameState
from judge.store.repo_games import current_turn, turns_of

USAGE = "BOARD [game]"


def run_board(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    if len(invocation.args) > 1:
        return CommandResult.fail(f"write {USAGE}, e.g. BOARD alpha; after SIGNON, BOARD alone "
                                  "shows your own game")
    game = _game(jc, invocation)
    position, title, deadline = _now(jc, game)
    viewer = reader_viewer(jc, game)
    variant = game_variant(game)
    board = board_known(variant.rules, position, viewer, record_now(jc.session, game, viewer))
    text = render_board(variant, position, viewer, title, deadline, jc.zone, board)
    return CommandResult.ok(*text.rstrip("\n").split("\n"))


def _game(jc: JudgeContext, invocation: Invocation) -> Game:
    if invocation.args:
        return find_game(jc.session, invocation.args[0])
    if jc.seat is None:
        raise GameError(f"say which game: write {USAGE}, e.g. BOARD alpha, or sign on "
                        "first (SIGNON Falpha <password>) to see your own")
    return jc.seat.game


def _now(jc: JudgeContext, game: Game) -> tuple[Position, str, datetime | None]:
    """The board to show: the open phase's, else (a finished game) the last one reached."""
    calendar = game_variant(game).rules.calendar
    if game.state == GameState.FORMING:
        raise GameError(f"{game.name} has not started, so it has no board yet; LIST "
                        f"{game.name} shows who has joined")
    turn = current_turn(jc.session, game)
    if turn is not None:
        # A game a vote or the master ended keeps its last turn open: no deadline runs;
        # nor in a phase that waits for no orders (Algernon's Winter, I.C), played at the
        # judge's next round, whose deadline the reports do not tell either.
        position = position_of(turn)
        unordered = game_variant(game).rules.plays_without_orders(position)
        deadline = turn.deadline if is_running(game) and not unordered else None
        return position, calendar.describe(Phase.parse(turn.phase)), deadline
    done = processed_turns(jc.session, game)
    after = done[-1].position_after if done else None
    if after is not None:
        return (position_from_json(after),
                f"the board after {calendar.describe(Phase.parse(done[-1].phase))}", None)
    # Ended in its first phase (a concession or END GAME before any turn was played): the
    # board it ended on is the start, which that kept turn holds (MAP draws it too).
    kept = turns_of(jc.session, game)
    if not kept:
        raise GameError(f"{game.name} has no turn open and none played; there is no board")
    return position_of(kept[-1]), calendar.describe(Phase.parse(kept[-1].phase)), None


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="BOARD", usage=USAGE, run=run_board, aliases=("STATUS",),
        help="the board now: units by power, supply centres, builds due, dislodged units "
             "(as your seat, or an observer, may see it)"))
