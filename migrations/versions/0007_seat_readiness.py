"""A player's readiness: SET WAIT and absences.

A seat that asked to WAIT holds back early processing; absences move deadlines.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        # Server defaults fill the rows that exist when the column arrives.
        batch.add_column(sa.Column("waiting", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("absences", sa.JSON(), nullable=False,
                                   server_default="[]"))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("absences")
        batch.drop_column("waiting")
