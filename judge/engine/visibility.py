"""Per-viewer projection of a turn's events: the only way hidden information is hidden.

Reports, LIST, HISTORY, maps and error replies are all built from what `Visibility.project`
returns for their reader, never by filtering rendered text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from judge.engine.outcome import Event
from judge.engine.position import Position


class Role(StrEnum):
    PLAYER = "player"
    OBSERVER = "observer"
    MASTER = "master"


@dataclass(frozen=True, slots=True)
class Viewer:
    role: Role
    power: str | None = None  # the power a player plays

    @classmethod
    def master(cls) -> Viewer:
        return cls(Role.MASTER)

    @classmethod
    def observer(cls) -> Viewer:
        return cls(Role.OBSERVER)

    @classmethod
    def player(cls, power: str) -> Viewer:
        return cls(Role.PLAYER, power)


class Visibility(Protocol):
    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        """The events `viewer` may know, possibly rewritten (a unit shown without its order)."""

    def board(self, position: Position, viewer: Viewer) -> Position:
        """The board as `viewer` may see it (Secret Envoy hides diplomats, Algernon the maze)."""


class FullInformation:
    """Standard Diplomacy: every order, result and unit is public."""

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        return tuple(events)

    def board(self, position: Position, viewer: Viewer) -> Position:
        return position
