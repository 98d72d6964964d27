"""What players say and decide together: press, votes, and the masters' audit log."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from judge.store.models.base import Base, UTCDateTime, json_type, str_enum, utc_now
from judge.store.models.enums import VoteKind


class Press(Base):
    __tablename__ = "press"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"), index=True)
    # Null for press sent while no turn is open (a forming or finished game).
    turn_id: Mapped[int | None] = mapped_column(sa.ForeignKey("turns.id", ondelete="SET NULL"))
    sender_seat_id: Mapped[int] = mapped_column(sa.ForeignKey("seats.id"))
    # The power it was written as (the player's, or a master's after BECOME); null for the
    # master's and observers' own press. A reply to the press goes back to it.
    sender_power: Mapped[str | None] = mapped_column(sa.String(32))
    # Power names, plus "master" / "observers"; every power for a broadcast; "column" marks
    # the commentator's column (judge/game/commentator.py).
    recipients: Mapped[list[str]] = mapped_column(json_type())
    # Grey press reaches its recipients without the sender's identity.
    grey: Mapped[bool] = mapped_column(default=False)
    body: Mapped[str] = mapped_column(sa.Text())
    sent_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


class Vote(Base):
    __tablename__ = "votes"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat_id: Mapped[int] = mapped_column(sa.ForeignKey("seats.id", ondelete="CASCADE"))
    kind: Mapped[VoteKind] = mapped_column(str_enum(VoteKind))
    # The powers a draw would include (empty: all survivors), or the one conceded to.
    powers: Mapped[list[str]] = mapped_column(json_type(), default=list)
    cast_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)


class AuditEntry(Base):
    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    # Both nullable: an operator's command-line action has no account, and some actions
    # (on accounts) have no game. Kept when the game goes: an audit log must outlive it.
    game_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("games.id", ondelete="SET NULL"), index=True
    )
    actor_account_id: Mapped[int | None] = mapped_column(sa.ForeignKey("accounts.id"))
    action: Mapped[str] = mapped_column(sa.String(64))
    detail: Mapped[dict[str, Any]] = mapped_column(json_type(), default=dict)
    logged_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
