"""Each reader's picture of a game (issue #14): with every turn report, with the start
notice, and again on request (MAP, `judge map`), drawn the same way each time from the
stored turn and the reader's viewer (judge/pictures/files.py), so a picture asked for later
is the one the report carried."""

from __future__ import annotations

import os
from typing import NamedTuple

from sqlalchemy.orm import Session

from judge.attachment import Attachment
from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.types import Phase
from judge.engine.visibility import Viewer
from judge.game.errors import GameError
from judge.game.games import game_variant, position_of
from judge.game.history import following_turns, processed_turns, stored_result
from judge.game.recipients import viewer_of
from judge.game.seat_board import board_known, has_record, records_after
from judge.pictures.drawing import has_drawing
from judge.pictures.files import START, Picture, board_picture, file_stem, turn_picture
from judge.store.models import Game, GameState, Seat, Turn
from judge.store.repo_games import turns_of


class Shown(NamedTuple):
    """A picture with what it shows ('after Spring 1901 Movement') and its files' stem."""

    picture: Picture
    what: str
    stem: str

    def files(self) -> tuple[Attachment, Attachment]:
        return self.picture.files(self.stem)


def mailed(game: Game) -> bool:
    """Whether the game's reports and start notice carry pictures: when its map has a
    drawing, unless JUDGE_PICTURES=off (the test suite's switch: a picture costs 30-50 ms of
    CPU per turn, and most tests read only the text; MAP and `judge map` draw regardless)."""
    return os.environ.get("JUDGE_PICTURES", "on") != "off" and has_drawing(game_variant(game))


def report_files(game: Game, result: TurnResult, viewer: Viewer,
                 board: Position) -> tuple[Attachment, ...]:
    """The turn report's picture for `viewer`, whose board after it is `board`; none if
    the game is mailed none. Its PNG is drawn by the sender (issue #18)."""
    if not mailed(game):
        return ()
    shown = after_turn(game, result, viewer, board)
    return shown.picture.files_to_draw(shown.stem)


def after_turn(game: Game, result: TurnResult, viewer: Viewer, board: Position) -> Shown:
    """The board after `result`'s phase with its orders: the turn report's picture, of the
    `board` the viewer's record kept after it (judge/game/seat_board.py)."""
    variant = game_variant(game)
    described = variant.rules.calendar.describe(result.phase)
    picture = turn_picture(variant, f"{game.name}: {described}", result.phase, result.events,
                           result.position, viewer, board)
    return Shown(picture, f"after {described}", file_stem(game.name, result.phase))


def at_start(game: Game, first: Turn, viewer: Viewer) -> Shown:
    """The board the first phase opens on: the start notice's picture."""
    variant = game_variant(game)
    described = f"before {variant.rules.calendar.describe(Phase.parse(first.phase))}"
    picture = board_picture(variant, f"{game.name}: {described}", position_of(first), viewer)
    return Shown(picture, described, file_stem(game.name, START))


def start_files(game: Game, first: Turn, seat: Seat) -> tuple[Attachment, ...]:
    """judge/game/starting.py's StartFiles: the start notice's picture for `seat`; none if
    the game is mailed none."""
    if not mailed(game):
        return ()
    return at_start(game, first, viewer_of(seat)).files()


def picture_of(session: Session, game: Game, phase: Phase | None, viewer: Viewer) -> Shown:
    """The picture `viewer` was mailed with `phase`'s report; without a phase the latest
    one (the start's if no turn was played yet)."""
    if not has_drawing(game_variant(game)):
        raise GameError(f"{game.name} is played on a map the judge has no drawing of, so "
                        f"there is no picture; BOARD {game.name} shows the board as text")
    if game.state == GameState.FORMING:
        raise GameError(f"{game.name} has not started, so it has no board yet; LIST "
                        f"{game.name} shows who has joined")
    played = processed_turns(session, game, phase, phase)
    if phase is None and not played:
        return at_start(game, turns_of(session, game)[0], viewer)
    if not played:
        described = game_variant(game).rules.calendar.describe(phase) if phase else ""
        raise GameError(f"{game.name} has not played {described} ({phase}); leave the "
                        f"phase out for the latest picture")
    turn = played[-1]
    result = stored_result(game, turn, following_turns(session, game)[turn.id])
    record = records_after(session, turn).get(viewer.power or "") \
        if has_record(viewer) else None
    return after_turn(game, result, viewer,
                      board_known(game_variant(game).rules, result.position, viewer, record))
