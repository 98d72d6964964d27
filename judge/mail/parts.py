"""What the mail worker is given: the parts of the judge that the composition root wires.

The pipeline names what it needs rather than importing the app that builds it, so imports
keep pointing inward (docs/architecture.md, "Import rules"); `judge.app.Judge` is one.
"""

from __future__ import annotations

from typing import Protocol

from judge.commands.registry import Registry
from judge.config import Settings
from judge.game.clock import Clock
from judge.game.postman import Postman
from judge.store.db import Database


class JudgeParts(Protocol):
    @property
    def settings(self) -> Settings: ...

    @property
    def db(self) -> Database: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def postman(self) -> Postman: ...

    @property
    def registry(self) -> Registry: ...
