"""Files an outbox message carries (map pictures), sent after its text as multipart/mixed.

One row per file, in the order the message sends them; a message's files go with it.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "outbox_attachments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("outbox_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("filename", sa.String(length=255), nullable=False),
        sa.Column("content_type", sa.String(length=255), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["outbox_id"], ["outbox.id"],
                                name="fk_outbox_attachments_outbox_id_outbox",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_outbox_attachments"),
        sa.UniqueConstraint("outbox_id", "position",
                            name="uq_outbox_attachments_outbox_id_position"),
    )


def downgrade() -> None:
    op.drop_table("outbox_attachments")
