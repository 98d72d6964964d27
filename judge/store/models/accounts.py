"""People: an account and the mail addresses that identify it."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from judge.store.models.base import Base, UTCDateTime, utc_now

# RFC 5321 allows 64 + 1 + 255 octets for a mailbox.
ADDRESS_LENGTH = 320


class Account(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(100))
    # Null until the person sets one; the hash's scheme is the caller's business.
    password_hash: Mapped[str | None] = mapped_column(sa.String(255))
    time_zone: Mapped[str] = mapped_column(sa.String(64), default="UTC")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)

    addresses: Mapped[list[AccountAddress]] = relationship(
        back_populates="account", cascade="all, delete-orphan", order_by="AccountAddress.id"
    )


class AccountAddress(Base):
    __tablename__ = "account_addresses"

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(
        sa.ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    # Stored lower-cased by the repository, so uniqueness is case-insensitive everywhere.
    address: Mapped[str] = mapped_column(sa.String(ADDRESS_LENGTH), unique=True)
    verified: Mapped[bool] = mapped_column(default=False)

    account: Mapped[Account] = relationship(back_populates="addresses")
