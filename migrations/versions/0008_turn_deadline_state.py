"""What the deadline machinery has done for a turn.

The end of grace, which reminders and notices went out, and whether the turn waits for
the master: kept on the turn so a restarted judge neither repeats nor forgets them.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("turns") as batch:
        batch.add_column(sa.Column("grace_until", TIMESTAMP, nullable=True))
        batch.add_column(sa.Column("notices", sa.JSON(), nullable=False, server_default="{}"))


def downgrade() -> None:
    with op.batch_alter_table("turns") as batch:
        batch.drop_column("notices")
        batch.drop_column("grace_until")
