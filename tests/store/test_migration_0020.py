"""0020: the files already in the outbox move into attachment_blobs, the same bytes once,
each file still with its own bytes; the downgrade puts each file's bytes back beside it."""

from __future__ import annotations

import hashlib

import sqlalchemy as sa

from judge.store.db import downgrade, make_engine, upgrade

PICTURE = b"\x89PNG the same picture for two readers"
OTHER = b"<svg>the master's own</svg>"
# outbox_attachments (id, position, bytes): two messages, the first file of each the same.
FILES = ((1, 1, 0, PICTURE), (2, 1, 1, OTHER), (3, 2, 0, PICTURE))


def _queue_files(url: str) -> None:
    engine = make_engine(url)
    try:
        with engine.begin() as c:
            for outbox_id in (1, 2):
                c.execute(sa.text(
                    "INSERT INTO outbox (id, message, sender, recipients, state, attempts, "
                    "next_try_at, created_at) VALUES (:id, :m, 'j@x.test', '[]', 'pending', "
                    "0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"), {"id": outbox_id, "m": b"text"})
            for row_id, outbox_id, position, data in FILES:
                c.execute(sa.text(
                    "INSERT INTO outbox_attachments (id, outbox_id, position, filename, "
                    "content_type, data) VALUES (:id, :o, :p, 'f', 'image/png', :d)"),
                    {"id": row_id, "o": outbox_id, "p": position, "d": data})
    finally:
        engine.dispose()


def _select(url: str, query: str) -> list[tuple[object, ...]]:
    engine = make_engine(url)
    try:
        with engine.connect() as c:
            return [tuple(r) for r in c.execute(sa.text(query))]
    finally:
        engine.dispose()


def test_0020_stores_each_file_s_bytes_once_and_the_downgrade_gives_them_back(
        db_url: str) -> None:
    upgrade(db_url, "0019")
    _queue_files(db_url)
    upgrade(db_url, "0020")
    blobs = {str(d): bytes(data) for d, data in  # type: ignore[call-overload]
             _select(db_url, "SELECT digest, data FROM attachment_blobs")}
    assert blobs == {hashlib.sha256(PICTURE).hexdigest(): PICTURE,
                     hashlib.sha256(OTHER).hexdigest(): OTHER}
    files = _select(db_url, "SELECT a.id, b.data FROM outbox_attachments a JOIN "
                            "attachment_blobs b ON b.digest = a.digest ORDER BY a.id")
    assert [(i, bytes(d)) for i, d in files] == [  # type: ignore[call-overload]
        (row_id, data) for row_id, _, _, data in FILES]
    downgrade(db_url, "0019")
    back = _select(db_url, "SELECT id, data FROM outbox_attachments ORDER BY id")
    assert [(i, bytes(d)) for i, d in back] == [  # type: ignore[call-overload]
        (row_id, data) for row_id, _, _, data in FILES]
