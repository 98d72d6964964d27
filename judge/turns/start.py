"""A game's start as mailed: judge/game/starting.py gives out the powers and opens the first
turn; each seat's notice carries its picture of the board it starts from (issue #14)."""

from __future__ import annotations

import random

from sqlalchemy.orm import Session

from judge.attachment import Attachment
from judge.engine.types import Phase
from judge.game.announce import viewer_of
from judge.game.clock import Clock
from judge.game.games import game_variant, position_of
from judge.game.postman import Postman
from judge.game.starting import start_and_announce
from judge.pictures.files import START, board_picture, file_stem
from judge.store.models import Game, Seat, Turn


def start_and_mail(session: Session, game: Game, clock: Clock, postman: Postman,
                   rng: random.Random) -> Turn:
    """Start `game` and mail every seat its notice with its picture."""
    return start_and_announce(session, game, clock, postman, rng, files=start_picture)


def start_picture(game: Game, turn: Turn, seat: Seat) -> tuple[Attachment, ...]:
    """The board the first phase opens on, as `seat` may see it: `<game>-start.png`."""
    variant = game_variant(game)
    title = f"{game.name}: before {variant.rules.calendar.describe(Phase.parse(turn.phase))}"
    picture = board_picture(variant, title, position_of(turn), viewer_of(seat))
    return picture.files(file_stem(game.name, START))
