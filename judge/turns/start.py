"""A game's start as mailed: judge/game/starting.py gives out the powers and opens the first
turn; each seat's notice carries its picture of the board it starts from (issue #14)."""

from __future__ import annotations

import random

from sqlalchemy.orm import Session

from judge.game.clock import Clock
from judge.game.postman import Postman
from judge.game.starting import start_and_announce
from judge.store.models import Game, Turn
from judge.turns.pictures import start_files


def start_and_mail(session: Session, game: Game, clock: Clock, postman: Postman,
                   rng: random.Random) -> Turn:
    """Start `game` and mail every seat its notice with its picture."""
    return start_and_announce(session, game, clock, postman, rng, files=start_files)
