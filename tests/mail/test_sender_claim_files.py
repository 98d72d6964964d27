"""A claim reads the files of the messages that carry some, and no more (issue #18): a
reply has none, and the relationship's selectin load was a second query in every claim."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from judge.attachment import Attachment
from judge.store import repo_mail
from judge.store.db import Database
from judge.store.models import OutboxMessage
from tests.statements import statements_on

T0 = datetime(2026, 11, 30, 3, 0, tzinfo=UTC)
LEASE = timedelta(minutes=2)
PICTURE = Attachment("alpha.png", "image/png", b"\x89PNG\r\n\x1a\n" * 40, inline=True)
NOTE = Attachment("orders.txt", "text/plain", b"A Vienna - Galicia\n")


def queue(db: Database, *files: Attachment) -> int:
    with db.unit_of_work() as session:
        return repo_mail.enqueue_outbox(session, b"Subject: x\r\n\r\nx\r\n",
                                        sender="j@example.test", recipients=["a@example.test"],
                                        not_before=T0, attachments=files).id


def claimed(db: Database, limit: int = 50) -> tuple[list[OutboxMessage], list[str]]:
    with db.unit_of_work() as session, statements_on(db.engine, _not_begin) as seen:
        rows = repo_mail.claim_due(session, T0, LEASE, limit)
    return rows, seen


def _not_begin(statement: str) -> bool:
    return not statement.startswith("BEGIN")  # SQLite's BEGIN IMMEDIATE


def test_a_claim_of_messages_without_files_reads_no_files(database: Database) -> None:
    # A message with a file, sent before: its file's id is its message's (a check that
    # took a file's own id for the message's would find "files" for every claim after).
    queue(database, NOTE)
    claimed(database)
    ids = [queue(database) for _ in range(4)]
    rows, seen = claimed(database)
    assert [row.id for row in rows] == ids
    assert all(row.attachments == [] for row in rows)
    # The due rows' SELECT and the claim's UPDATE: no look at outbox_attachments of its own
    # (the selectin load of the relationship was a third statement).
    assert len(seen) == 2, seen


def test_a_claim_carries_each_messages_files_in_order_and_only_its_own(
        database: Database) -> None:
    # Files numbered apart from their messages: a claim that took a file's own id for
    # its message's would give them to the wrong one.
    for _ in range(3):
        queue(database, NOTE)
    claimed(database)
    plain = queue(database)
    report = queue(database, PICTURE, NOTE)
    other = queue(database, NOTE)
    rows, _ = claimed(database)
    files = {row.id: [(f.filename, f.data, f.inline) for f in row.attachments] for row in rows}
    assert files == {plain: [],
                     report: [("alpha.png", PICTURE.data, True),
                              ("orders.txt", NOTE.data, False)],
                     other: [("orders.txt", NOTE.data, False)]}


def test_the_files_are_read_with_the_claim_not_later(database: Database) -> None:
    report = queue(database, PICTURE)
    rows, _ = claimed(database)
    # The session is closed: a lazy load now would fail; the claim read them already.
    [row] = rows
    assert row.id == report
    assert [file.data for file in row.attachments] == [PICTURE.data]
