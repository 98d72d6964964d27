"""Turns and orders.

A turn per phase with the positions before and after and the adjudication's events; every
submission of orders, the latest per power being the current one.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Stored enums are their values in a VARCHAR(20) (judge.store.models.base.str_enum);
# timestamps are timezone-aware UTC (judge.store.models.base.UTCDateTime).
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "turns",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=32), nullable=False),
        sa.Column("position_before", sa.JSON(), nullable=False),
        sa.Column("position_after", sa.JSON(), nullable=True),
        sa.Column("events", sa.JSON(), nullable=True),
        sa.Column("deadline", TIMESTAMP, nullable=True),
        sa.Column("processed_at", TIMESTAMP, nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_turns_game_id_games",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_turns"),
        # Leads with game_id, so it is also the index for "the turns of this game".
        sa.UniqueConstraint("game_id", "phase", name="uq_turns_game_id_phase"),
    )
    op.create_table(
        "orders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("turn_id", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(length=32), nullable=False),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.Column("submitted_at", TIMESTAMP, nullable=False),
        sa.Column("inbox_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["inbox_id"], ["inbox.id"], name="fk_orders_inbox_id_inbox",
                                ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["turn_id"], ["turns.id"], name="fk_orders_turn_id_turns",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_orders"),
    )
    op.create_index("ix_orders_inbox_id", "orders", ["inbox_id"])
    op.create_index("ix_orders_turn_id_power", "orders", ["turn_id", "power"])


def downgrade() -> None:
    op.drop_table("orders")
    op.drop_table("turns")
