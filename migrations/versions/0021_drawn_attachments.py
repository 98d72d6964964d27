"""A file the sender draws (issue #18): outbox_attachments.drawn_by. Set, the row's digest
is the blob the file is drawn from (a turn report's PNG: its SVG) and drawn_by names the
drawing ("svg-png 1.5"); the sender draws the file, stores it as a blob and points the
row at it, clearing drawn_by, before it sends (judge/mail/outbound/drawn.py). The turn's
transaction stores only the SVG: the PNG, most of a turn's CPU with pictures on, is off it.

A downgrade refuses while a file is still to draw: before 0021 the sender would mail its
source (the SVG) as the PNG. Let a judge that sends draw them first (its pictures stage).

Revision ID: 0021
Revises: 0020
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | Sequence[str] | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TO_DRAW = "drawn_by IS NOT NULL"


def upgrade() -> None:
    with op.batch_alter_table("outbox_attachments") as batch:
        batch.add_column(sa.Column("drawn_by", sa.String(length=40), nullable=True))
    op.create_index("ix_outbox_attachments_to_draw", "outbox_attachments",
                    ["drawn_by", "digest"], postgresql_where=sa.text(TO_DRAW),
                    sqlite_where=sa.text(TO_DRAW))


def downgrade() -> None:
    waiting = op.get_bind().execute(sa.text(
        f"SELECT COUNT(*) FROM outbox_attachments WHERE {TO_DRAW}")).scalar_one()
    if waiting:
        raise RuntimeError(
            f"{waiting} mailed picture(s) are still to be drawn; run `judge serve` (it draws "
            "them before it sends) until none is left, then downgrade again")
    op.drop_index("ix_outbox_attachments_to_draw", table_name="outbox_attachments")
    with op.batch_alter_table("outbox_attachments") as batch:
        batch.drop_column("drawn_by")
