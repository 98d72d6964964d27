"""Games and seats.

A game (variant, options, state, deadline and press settings) and the seats people hold
in it as player, master or observer.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Stored enums are their values in a VARCHAR(20) (judge.store.models.base.str_enum);
# timestamps are timezone-aware UTC (judge.store.models.base.UTCDateTime).
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("variant", sa.String(length=64), nullable=False),
        sa.Column("variant_options", sa.JSON(), nullable=False),
        sa.Column("state", sa.String(length=20), nullable=False),
        sa.Column("deadline_settings", sa.JSON(), nullable=False),
        sa.Column("press_settings", sa.JSON(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
        sa.UniqueConstraint("name", name="uq_games_name"),
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(length=32), nullable=True),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("preferences", sa.JSON(), nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"],
                                name="fk_seats_account_id_accounts"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_seats_game_id_games",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_seats"),
        sa.UniqueConstraint("secret", name="uq_seats_secret"),
    )
    op.create_index("ix_seats_account_id", "seats", ["account_id"])
    op.create_index("ix_seats_game_id", "seats", ["game_id"])


def downgrade() -> None:
    op.drop_table("seats")
    op.drop_table("games")
