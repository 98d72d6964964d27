"""Games and the seats people hold in them."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from judge.store.models.base import Base, UTCDateTime, json_type, str_enum, utc_now
from judge.store.models.enums import GameState, SeatRole, SeatStatus


def new_seed() -> int:
    """A game's seed when its creator gives none: 63 random bits (a signed BIGINT)."""
    return secrets.randbits(63)


if TYPE_CHECKING:
    from judge.store.models.accounts import Account


class Game(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(64), unique=True)
    variant: Mapped[str] = mapped_column(sa.String(64))
    variant_options: Mapped[dict[str, Any]] = mapped_column(json_type(), default=dict)
    # With the options, what rebuilds this game's own variant instance (judge.game.instance):
    # a seed chosen at creation (always), and the map when the variant makes one per game.
    variant_seed: Mapped[int] = mapped_column(sa.BigInteger, default=new_seed)
    variant_map: Mapped[dict[str, Any] | None] = mapped_column(json_type())
    state: Mapped[GameState] = mapped_column(str_enum(GameState), default=GameState.FORMING)
    deadline_settings: Mapped[dict[str, Any]] = mapped_column(json_type(), default=dict)
    press_settings: Mapped[dict[str, Any]] = mapped_column(json_type(), default=dict)
    draw_settings: Mapped[dict[str, Any]] = mapped_column(
        json_type(), default=dict, server_default="{}")
    # Null while the game runs; how it ended once finished (judge.game.ending).
    result: Mapped[dict[str, Any] | None] = mapped_column(json_type())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)

    seats: Mapped[list[Seat]] = relationship(back_populates="game", order_by="Seat.id")


class Seat(Base):
    __tablename__ = "seats"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(sa.ForeignKey("games.id", ondelete="CASCADE"), index=True)
    account_id: Mapped[int] = mapped_column(sa.ForeignKey("accounts.id"), index=True)
    # Null for masters and observers, and for players until the game starts. Not unique:
    # a replaced player's old seat keeps its power for the history.
    power: Mapped[str | None] = mapped_column(sa.String(32))
    role: Mapped[SeatRole] = mapped_column(str_enum(SeatRole))
    status: Mapped[SeatStatus] = mapped_column(str_enum(SeatStatus), default=SeatStatus.ACTIVE)
    preferences: Mapped[list[str]] = mapped_column(json_type(), default=list)
    # Keys the reply tokens mailed to this seat, so a reply proves which seat it answers.
    secret: Mapped[str] = mapped_column(sa.String(64), unique=True)
    # judge.game.passwords' scrypt hash; null only for seats made by an operator.
    password_hash: Mapped[str | None] = mapped_column(sa.String(255))
    # SET WAIT: hold back early processing until the deadline.
    waiting: Mapped[bool] = mapped_column(default=False, server_default=sa.false())
    # SET ABSENCE periods as [start, end] ISO 8601 pairs; deadlines avoid them.
    absences: Mapped[list[list[str]]] = mapped_column(
        json_type(), default=list, server_default="[]")

    game: Mapped[Game] = relationship(back_populates="seats")
    account: Mapped[Account] = relationship()
