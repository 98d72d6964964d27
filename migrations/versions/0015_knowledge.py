"""What each seat knew after each turn: one record per power and processed turn.

Turns processed before this revision have none: a seat's record then starts from the open
board as that seat sees it (judge/game/knowledge.py).

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "knowledge",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("turn_id", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(length=32), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["turn_id"], ["turns.id"], name="fk_knowledge_turn_id_turns",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_knowledge"),
        sa.UniqueConstraint("turn_id", "power", name="uq_knowledge_turn_id_power"),
    )


def downgrade() -> None:
    op.drop_table("knowledge")
