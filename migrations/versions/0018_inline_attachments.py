"""A file an outbox message carries may be shown inline (the report's picture, issue #14):
sent with Content-Disposition: inline and a Content-ID instead of as an attachment.

Every file stored before this revision was an attachment.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | Sequence[str] | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("outbox_attachments") as batch:
        batch.add_column(sa.Column("inline", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("outbox_attachments") as batch:
        batch.drop_column("inline")
