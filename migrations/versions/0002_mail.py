"""The inbox and the outbox.

Raw messages in (deduplicated by Message-ID and digest), rendered messages out with
their retry state. Before the game tables because orders name the message that brought them.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Stored enums are their values in a VARCHAR(20) (judge.store.models.base.str_enum);
# timestamps are timezone-aware UTC (judge.store.models.base.UTCDateTime).
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "inbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=False),
        sa.Column("message_id", sa.String(length=998), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("received_at", TIMESTAMP, nullable=False),
        sa.Column("state", sa.String(length=20), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_inbox"),
        sa.UniqueConstraint("message_id", "digest", name="uq_inbox_message_id_digest"),
    )
    op.create_index("ix_inbox_state", "inbox", ["state"])
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message", sa.LargeBinary(), nullable=False),
        sa.Column("sender", sa.String(length=320), nullable=False),
        sa.Column("recipients", sa.JSON(), nullable=False),
        sa.Column("state", sa.String(length=20), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_try_at", TIMESTAMP, nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("sent_at", TIMESTAMP, nullable=True),
        sa.Column("in_reply_to_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["in_reply_to_id"], ["inbox.id"],
                                name="fk_outbox_in_reply_to_id_inbox", ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name="pk_outbox"),
    )
    op.create_index("ix_outbox_in_reply_to_id", "outbox", ["in_reply_to_id"])
    # The sender's query: pending messages whose next try is due.
    op.create_index("ix_outbox_state_next_try_at", "outbox", ["state", "next_try_at"])


def downgrade() -> None:
    op.drop_table("outbox")
    op.drop_table("inbox")
