"""A file's bytes stored once, keyed by their SHA-256 (issue #18): a turn's seven or
eight reports mostly carry the same picture, which was stored once per report (800 KB a
turn in a storm instead of 100). outbox_attachments refers to attachment_blobs by digest.

Existing files move into attachment_blobs (the same bytes once); the downgrade copies
each message's bytes back beside it.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | Sequence[str] | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Files moved per round: a few megabytes of pictures in memory at a time.
_CHUNK = 100

_blobs = sa.table("attachment_blobs", sa.column("digest", sa.String()),
                  sa.column("data", sa.LargeBinary()))
_files = sa.table("outbox_attachments", sa.column("id", sa.Integer()),
                  sa.column("digest", sa.String()), sa.column("data", sa.LargeBinary()))


def upgrade() -> None:
    op.create_table(
        "attachment_blobs",
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("digest", name="pk_attachment_blobs"),
    )
    with op.batch_alter_table("outbox_attachments") as batch:
        batch.add_column(sa.Column("digest", sa.String(length=64), nullable=True))
    _move_into_blobs(op.get_bind())
    with op.batch_alter_table("outbox_attachments") as batch:
        batch.alter_column("digest", existing_type=sa.String(length=64), nullable=False)
        batch.create_foreign_key("fk_outbox_attachments_digest_attachment_blobs",
                                 "attachment_blobs", ["digest"], ["digest"])
        batch.create_index("ix_outbox_attachments_digest", ["digest"])
        batch.drop_column("data")


def _move_into_blobs(connection: sa.Connection) -> None:
    stored: set[str] = set()
    last = 0
    while rows := connection.execute(
            sa.select(_files.c.id, _files.c.data).where(_files.c.id > last)
            .order_by(_files.c.id).limit(_CHUNK)).all():
        for row_id, data in rows:
            digest = hashlib.sha256(data).hexdigest()
            if digest not in stored:
                connection.execute(sa.insert(_blobs), {"digest": digest, "data": data})
                stored.add(digest)
            connection.execute(sa.update(_files).where(_files.c.id == row_id)
                               .values(digest=digest))
        last = rows[-1][0]


def downgrade() -> None:
    with op.batch_alter_table("outbox_attachments") as batch:
        batch.add_column(sa.Column("data", sa.LargeBinary(), nullable=True))
    connection = op.get_bind()
    connection.execute(sa.update(_files).values(
        data=sa.select(_blobs.c.data).where(_blobs.c.digest == _files.c.digest)
        .scalar_subquery()))
    with op.batch_alter_table("outbox_attachments") as batch:
        batch.alter_column("data", existing_type=sa.LargeBinary(), nullable=False)
        batch.drop_index("ix_outbox_attachments_digest")
        batch.drop_constraint("fk_outbox_attachments_digest_attachment_blobs",
                              type_="foreignkey")
        batch.drop_column("digest")
    op.drop_table("attachment_blobs")
