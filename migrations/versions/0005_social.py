"""Press, votes and the audit log.

What players say to each other, their draw and concession votes, and every master action.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Stored enums are their values in a VARCHAR(20) (judge.store.models.base.str_enum);
# timestamps are timezone-aware UTC (judge.store.models.base.UTCDateTime).
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "press",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("turn_id", sa.Integer(), nullable=True),
        sa.Column("sender_seat_id", sa.Integer(), nullable=False),
        sa.Column("recipients", sa.JSON(), nullable=False),
        sa.Column("grey", sa.Boolean(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("sent_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_press_game_id_games",
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["sender_seat_id"], ["seats.id"],
                                name="fk_press_sender_seat_id_seats"),
        sa.ForeignKeyConstraint(["turn_id"], ["turns.id"], name="fk_press_turn_id_turns",
                                ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name="pk_press"),
    )
    op.create_index("ix_press_game_id", "press", ["game_id"])
    op.create_table(
        "votes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("powers", sa.JSON(), nullable=False),
        sa.Column("cast_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_votes_game_id_games",
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["seat_id"], ["seats.id"], name="fk_votes_seat_id_seats",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_votes"),
    )
    op.create_index("ix_votes_game_id", "votes", ["game_id"])
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("actor_account_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(length=64), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("logged_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["actor_account_id"], ["accounts.id"],
                                name="fk_audit_log_actor_account_id_accounts"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_audit_log_game_id_games",
                                ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name="pk_audit_log"),
    )
    op.create_index("ix_audit_log_game_id", "audit_log", ["game_id"])


def downgrade() -> None:
    op.drop_table("audit_log")
    op.drop_table("votes")
    op.drop_table("press")
