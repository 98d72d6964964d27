"""The outbox's files still to draw (issue #18): a turn report's PNG is queued as its SVG
with the drawing's name (`outbox_attachments.drawn_by`, migration 0021), drawn by the
picture stage or a sender (judge/mail/outbound/drawn.py) and stored here once for every
message that carries it."""

from __future__ import annotations

from collections.abc import Collection
from typing import cast

import sqlalchemy as sa
from sqlalchemy.orm import Session

from judge.store import repo_mail
from judge.store.models import AttachmentBlob, OutboxAttachment

_BLOBS = cast(sa.Table, AttachmentBlob.__table__)
_FILES = cast(sa.Table, OutboxAttachment.__table__)
_SETTLE_DRAWN = (sa.update(_FILES)
                 .where(_FILES.c.digest == sa.bindparam("source"),
                        _FILES.c.drawn_by == sa.bindparam("by"))
                 .values(digest=sa.bindparam("drawn"), drawn_by=None))


def files_to_draw(session: Session, limit: int,
                  skip: Collection[tuple[str, str]] = ()) -> list[tuple[str, str, bytes]]:
    """Up to `limit` files still to draw, each once however many messages carry it, those
    of the oldest messages first (the senders take those first): its source's digest, its
    drawing's name, the source's bytes; none of `skip` (source, drawing). On PostgreSQL
    their sources are locked and locked ones skipped, so that two workers' picture stages
    draw different pictures (measured: both drew the same ones, the storm's pg-2 took 158 s
    against 95); SQLite has one writer at a time and ignores the clause."""
    pending = (sa.select(_FILES.c.digest, _FILES.c.drawn_by,
                         sa.func.min(_FILES.c.outbox_id).label("first"))
               .where(_FILES.c.drawn_by.is_not(None))
               .group_by(_FILES.c.digest, _FILES.c.drawn_by))
    if skip:
        pending = pending.where(sa.tuple_(_FILES.c.digest, _FILES.c.drawn_by)
                                .not_in(list(skip)))
    waiting = pending.subquery()
    query = (sa.select(waiting.c.digest, waiting.c.drawn_by, _BLOBS.c.data)
             .join(_BLOBS, _BLOBS.c.digest == waiting.c.digest)
             .order_by(waiting.c.first).limit(limit)
             .with_for_update(of=_BLOBS, skip_locked=True))
    return [(digest, by, data) for digest, by, data in session.execute(query)]


_LOCK_SOURCE = (sa.select(_BLOBS.c.digest).where(_BLOBS.c.digest == sa.bindparam("source"))
                .with_for_update())
_FILE_NOW = (sa.select(_FILES.c.digest, _FILES.c.drawn_by, _BLOBS.c.data)
             .join(_BLOBS, _BLOBS.c.digest == _FILES.c.digest)
             .where(_FILES.c.id == sa.bindparam("file_id")))


def drawn_since(session: Session, file_id: int, source: str,
                lock: bool) -> tuple[str, bytes] | None:
    """The stored digest and bytes of the file `file_id`, drawn from `source` since the
    caller read it (by the picture stage), or None while it is still to draw. `lock`
    (PostgreSQL): first lock the source, waiting for a stage drawing it to commit, and
    keep it locked for this transaction, so that no stage draws it while the caller does."""
    if lock:
        session.connection().execute(_LOCK_SOURCE, {"source": source})
    digest, drawn_by, data = session.connection().execute(
        _FILE_NOW, {"file_id": file_id}).one()
    return None if drawn_by is not None else (digest, data)


def settle_drawn(session: Session, source: str, drawn_by: str, data: bytes) -> str:
    """Store `data`, drawn by `drawn_by` from the blob `source`, and point every file
    still to be drawn that way from it at the stored bytes (a turn's readers who share a
    picture: one statement), so that every later send and resend of them sends these."""
    digest = repo_mail.store_blob(session, data)
    session.connection().execute(_SETTLE_DRAWN, {"source": source, "by": drawn_by,
                                                 "drawn": digest})
    # Their messages are the senders' to claim now (claim_due): wake them at the commit.
    repo_mail.note_due(session)
    return digest
