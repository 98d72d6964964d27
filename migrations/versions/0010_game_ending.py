"""How a game ends: its draw settings and its result.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("draw_settings", sa.JSON(), nullable=False,
                                   server_default="{}"))
        # Null while the game runs; {"winners": [...], "kind": "solo" | "draw" | ...} after.
        batch.add_column(sa.Column("result", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("result")
        batch.drop_column("draw_settings")
