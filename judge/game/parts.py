"""What the game layer's long-running callers are given: the database, the clock and the
postman. The composition root (judge.app's Judge) satisfies it; the scheduler and the mail
worker take it as a parameter instead of importing the app, so imports point inward."""

from __future__ import annotations

from typing import Protocol

from judge.game.clock import Clock
from judge.game.postman import Postman
from judge.store.db import Database


class GameParts(Protocol):
    @property
    def db(self) -> Database: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def postman(self) -> Postman: ...
