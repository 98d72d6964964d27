"""Orders for a future phase (PHASE season year kind).

Kept apart from turns, which exist only once a phase opens; they become a submission
when their phase opens.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "future_orders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(32), nullable=False),
        sa.Column("power", sa.String(32), nullable=False),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.Column("submitted_at", TIMESTAMP, nullable=False),
        sa.Column("inbox_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name="fk_future_orders_game_id_games", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["inbox_id"], ["inbox.id"],
                                name="fk_future_orders_inbox_id_inbox", ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name="pk_future_orders"),
    )
    op.create_index("ix_future_orders_game_id_phase", "future_orders", ["game_id", "phase"])


def downgrade() -> None:
    op.drop_index("ix_future_orders_game_id_phase", table_name="future_orders")
    op.drop_table("future_orders")
