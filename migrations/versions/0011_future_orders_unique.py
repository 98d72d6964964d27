"""One row of orders sent ahead per game, phase and power.

The code always merged into the existing row, but nothing stopped a second one, and only
the first was ever read. Duplicates are deleted first, the newest row (highest id) of each
kept; a downgrade does not bring them back. The unique index leads with game_id and
phase, so it replaces the plain index on those two columns.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KEY = ["game_id", "phase", "power"]
INDEX = "ix_future_orders_game_id_phase"
UNIQUE = "uq_future_orders_game_id_phase_power"


def upgrade() -> None:
    rows = sa.table("future_orders", sa.column("id"), *(sa.column(c) for c in KEY))
    newest = sa.select(sa.func.max(rows.c.id)).group_by(*(rows.c[c] for c in KEY))
    op.execute(rows.delete().where(rows.c.id.not_in(newest)))
    with op.batch_alter_table("future_orders") as batch:
        batch.drop_index(INDEX)
        batch.create_unique_constraint(UNIQUE, KEY)


def downgrade() -> None:
    with op.batch_alter_table("future_orders") as batch:
        batch.drop_constraint(UNIQUE, type_="unique")
        batch.create_index(INDEX, ["game_id", "phase"])
