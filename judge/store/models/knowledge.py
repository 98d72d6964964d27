"""What each seat knew after each turn (judge/engine/knowledge.py), stored with the turn."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from judge.store.models.base import Base, json_type


class Knowledge(Base):
    """One power's knowledge record after one processed turn, written in the transaction
    that processes the turn, deleted with it (rollback reopens or deletes turns)."""

    __tablename__ = "knowledge"
    __table_args__ = (sa.UniqueConstraint("turn_id", "power"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    turn_id: Mapped[int] = mapped_column(sa.ForeignKey("turns.id", ondelete="CASCADE"))
    power: Mapped[str] = mapped_column(sa.String(32))
    record: Mapped[dict[str, Any]] = mapped_column(json_type())
