"""Who sent each inbound message, for the per-address rate limit.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# As accounts.address: RFC 5321's 64-octet local part, "@" and a 255-octet domain.
ADDRESS_LENGTH = 320


def upgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        # "" for messages stored before this revision, and for those with no usable From.
        batch.add_column(sa.Column("sender", sa.String(ADDRESS_LENGTH), nullable=False,
                                   server_default=""))
        batch.create_index("ix_inbox_sender_received_at", ["sender", "received_at"])


def downgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.drop_index("ix_inbox_sender_received_at")
        batch.drop_column("sender")
