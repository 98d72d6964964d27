"""The power each piece of press was written as, so a reply to it finds its writer.

A player's press is signed with the player's power; a master who acts for a power
(BECOME) writes as that power; the master's and observers' own press has none (null).
Press stored before this revision reads as its sender seat's power, if any.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("press") as batch:
        # As seats.power: a power's name.
        batch.add_column(sa.Column("sender_power", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("press") as batch:
        batch.drop_column("sender_power")
