"""The states and kinds the store keeps, as string enums (their values are what is stored)."""

from __future__ import annotations

from enum import StrEnum


class GameState(StrEnum):
    FORMING = "forming"
    ACTIVE = "active"
    PAUSED = "paused"
    FINISHED = "finished"


class SeatRole(StrEnum):
    PLAYER = "player"
    MASTER = "master"
    OBSERVER = "observer"


class SeatStatus(StrEnum):
    ACTIVE = "active"
    RESIGNED = "resigned"
    ABANDONED = "abandoned"
    CIVIL_DISORDER = "civil_disorder"
    # An observer's seat asked for where observers see more than the public: it reads and
    # receives nothing until the master lets it (judge.game.observers).
    PENDING = "pending"


class VoteKind(StrEnum):
    DRAW = "draw"
    CONCEDE = "concede"


class InboxState(StrEnum):
    NEW = "new"
    PROCESSING = "processing"
    DONE = "done"
    QUARANTINED = "quarantined"
    DROPPED = "dropped"


class OutboxState(StrEnum):
    PENDING = "pending"
    SENDING = "sending"
    SENT = "sent"
    FAILED = "failed"
