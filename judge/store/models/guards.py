"""What guards an account: changes waiting for the mailbox's confirmation, and the wrong
passwords tried on seats (the throttle's memory).

From is a claim anyone can write; a change to an account waits here until a code mailed
to the account's own address comes back (judge.game.account_requests). Wrong passwords are
kept per seat and per account, so the throttle holds across fresh sender addresses and
restarts (judge.game.throttle).
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from judge.store.models.accounts import ADDRESS_LENGTH, Account
from judge.store.models.base import Base, UTCDateTime, json_type, str_enum, utc_now

# A code's secret part is kept only as its SHA-256: a copy of the database confirms nothing.
DIGEST_LENGTH = 64


class RequestKind(StrEnum):
    CHANGE = "change"  # name, zone or address, confirmed from the account's address
    UNDO = "undo"  # an address change, undone from the address mail went to before it
    VERIFY = "verify"  # a new address proving itself, after its CHANGE was confirmed
    # A seat asked for in a game that hides who plays (JOIN, OBSERVE), confirmed from the
    # account's address before it is taken (judge.game.seat_requests).
    JOIN = "join"
    OBSERVE = "observe"


class RequestState(StrEnum):
    PENDING = "pending"
    DONE = "done"
    REPLACED = "replaced"  # a newer request for the same thing came
    CANCELLED = "cancelled"  # an UNDO took the account back


class AccountRequest(Base):
    __tablename__ = "account_requests"

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(
        sa.ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    kind: Mapped[RequestKind] = mapped_column(str_enum(RequestKind))
    state: Mapped[RequestState] = mapped_column(str_enum(RequestState),
                                                default=RequestState.PENDING)
    # CHANGE: the values asked for (null: unchanged). UNDO and VERIFY: `address` is the
    # address the change brings, `old_address` the one it replaces.
    name: Mapped[str | None] = mapped_column(sa.String(100))
    zone: Mapped[str | None] = mapped_column(sa.String(64))
    address: Mapped[str | None] = mapped_column(sa.String(ADDRESS_LENGTH))
    old_address: Mapped[str | None] = mapped_column(sa.String(ADDRESS_LENGTH))
    code_digest: Mapped[str] = mapped_column(sa.String(DIGEST_LENGTH))
    requested_by: Mapped[str] = mapped_column(sa.String(ADDRESS_LENGTH))
    # The message that asked: several lines of one message make one request.
    inbox_id: Mapped[int | None] = mapped_column()
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # JOIN and OBSERVE: the game, the seat's password (hashed as a seat's) and, for JOIN,
    # the preference list.
    game_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("games.id", ondelete="CASCADE"))
    password_hash: Mapped[str | None] = mapped_column(sa.String(255))
    preferences: Mapped[list[str] | None] = mapped_column(json_type())

    account: Mapped[Account] = relationship()


class PasswordFailure(Base):
    """One wrong password tried on one seat."""

    __tablename__ = "password_failures"
    __table_args__ = (
        sa.Index("ix_password_failures_seat_id_at", "seat_id", "at"),
        sa.Index("ix_password_failures_account_id_at", "account_id", "at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    seat_id: Mapped[int] = mapped_column(sa.ForeignKey("seats.id", ondelete="CASCADE"))
    # The seat's owner when it was tried: the per-account count.
    account_id: Mapped[int] = mapped_column(sa.ForeignKey("accounts.id", ondelete="CASCADE"))
    sender: Mapped[str] = mapped_column(sa.String(ADDRESS_LENGTH))
    at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    # "seat" or "account" when this failure began a lock-out and the owner was told.
    told: Mapped[str | None] = mapped_column(sa.String(8))
