"""The store's tables as typed SQLAlchemy models; `Base.metadata` is what Alembic compares."""

from judge.store.models.accounts import Account, AccountAddress
from judge.store.models.base import Base, UTCDateTime, utc_now
from judge.store.models.enums import (
    GameState,
    InboxState,
    OutboxState,
    SeatRole,
    SeatStatus,
    VoteKind,
)
from judge.store.models.games import Game, Seat
from judge.store.models.guards import (
    AccountRequest,
    PasswordFailure,
    RequestKind,
    RequestState,
)
from judge.store.models.knowledge import Knowledge
from judge.store.models.mail import (
    AttachmentBlob,
    InboxMessage,
    OutboxAttachment,
    OutboxMessage,
)
from judge.store.models.social import AuditEntry, Press, Vote
from judge.store.models.turns import FutureOrder, Order, Turn

__all__ = [
    "Account",
    "AccountAddress",
    "AccountRequest",
    "AttachmentBlob",
    "AuditEntry",
    "Base",
    "FutureOrder",
    "Game",
    "GameState",
    "InboxMessage",
    "InboxState",
    "Knowledge",
    "Order",
    "OutboxAttachment",
    "OutboxMessage",
    "OutboxState",
    "PasswordFailure",
    "Press",
    "RequestKind",
    "RequestState",
    "Seat",
    "SeatRole",
    "SeatStatus",
    "Turn",
    "UTCDateTime",
    "Vote",
    "VoteKind",
    "utc_now",
]
