"""What the mail worker is given: the game's parts plus the settings and the command
registry. The pipeline names what it needs rather than importing the app that builds it,
so imports keep pointing inward (docs/architecture.md, "Import rules"); `judge.app.Judge`
is one.
"""

from __future__ import annotations

from typing import Protocol

from judge.commands.registry import CommandRegistry
from judge.config import Settings
from judge.game.parts import GameParts


class JudgeParts(GameParts, Protocol):
    @property
    def settings(self) -> Settings: ...

    @property
    def registry(self) -> CommandRegistry: ...
