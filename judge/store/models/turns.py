"""Turns (one per phase played) and the orders submitted for them."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from judge.store.models.base import Base, UTCDateTime, json_type, utc_now

if TYPE_CHECKING:
    from judge.store.models.games import Game


class Turn(Base):
    """A phase of a game, kept whole so history, rollback and reports never recompute."""

    __tablename__ = "turns"
    # The unique index leads with game_id, so it also serves "the turns of this game".
    __table_args__ = (sa.UniqueConstraint("game_id", "phase"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"))
    phase: Mapped[str] = mapped_column(sa.String(32))
    position_before: Mapped[dict[str, Any]] = mapped_column(json_type())
    # Both null until the turn is processed.
    position_after: Mapped[dict[str, Any] | None] = mapped_column(json_type())
    events: Mapped[list[Any] | None] = mapped_column(json_type())
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime())
    processed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # The deadline machinery's memory (judge.turns.deadline_rules): when grace ends, which
    # reminders and notices went out, whether the turn waits for the master.
    grace_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    notices: Mapped[dict[str, Any]] = mapped_column(
        json_type(), default=dict, server_default="{}")

    game: Mapped[Game] = relationship()


class Order(Base):
    """One submission of a power's orders: every submission is kept, the latest is current."""

    __tablename__ = "orders"
    __table_args__ = (sa.Index("ix_orders_turn_id_power", "turn_id", "power"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    turn_id: Mapped[int] = mapped_column(sa.ForeignKey("turns.id", ondelete="CASCADE"))
    power: Mapped[str] = mapped_column(sa.String(32))
    lines: Mapped[list[str]] = mapped_column(json_type())
    submitted_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    # The message that carried them; null for orders set by the master or the judge, and
    # kept (as null) if old inbox rows are ever purged.
    inbox_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("inbox.id", ondelete="SET NULL"), index=True
    )

    turn: Mapped[Turn] = relationship()


class FutureOrder(Base):
    """Orders sent ahead for a phase not yet open (PHASE season year kind): one row per
    game, phase and power, into which later submissions are merged."""

    __tablename__ = "future_orders"
    # Leads with game_id and phase, so it is also the index for "this phase's orders".
    __table_args__ = (sa.UniqueConstraint("game_id", "phase", "power"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"))
    phase: Mapped[str] = mapped_column(sa.String(32))
    power: Mapped[str] = mapped_column(sa.String(32))
    lines: Mapped[list[str]] = mapped_column(json_type())
    submitted_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    inbox_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("inbox.id", ondelete="SET NULL"))
