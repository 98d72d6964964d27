"""A reply is queued by a plain INSERT (repo_mail.queue_reply, issue #18): the row is the one
enqueue_outbox stored, the senders are woken by its commit, and mail queued before it
and not yet flushed (a turn's reports) keeps its place ahead of it."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from judge.store import repo_inbox, repo_mail
from judge.store.db import Database
from judge.store.models import OutboxMessage, OutboxState

T0 = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
JUDGE = "judge@example.test"
COLUMNS = (OutboxMessage.message, OutboxMessage.sender, OutboxMessage.recipients,
           OutboxMessage.state, OutboxMessage.attempts, OutboxMessage.next_try_at,
           OutboxMessage.last_error, OutboxMessage.sent_at, OutboxMessage.in_reply_to_id)


def test_the_same_row_as_enqueue_outbox(database: Database) -> None:
    with database.unit_of_work() as s:
        row, _ = repo_inbox.store_inbox(s, b"Subject: x\r\n\r\nx\r\n", message_id="<a@b>")
        repo_mail.enqueue_outbox(s, b"reply", sender=JUDGE, recipients=["a@b.test"],
                                 in_reply_to=row, not_before=T0, flush=False)
    with database.unit_of_work() as s:
        row, _ = repo_inbox.store_inbox(s, b"Subject: x\r\n\r\nx\r\n", message_id="<a@b>")
        repo_mail.queue_reply(s, b"reply", sender=JUDGE, recipients=["a@b.test"],
                              in_reply_to=row, not_before=T0)
        assert repo_mail.queued_outbox(s)
    with database.unit_of_work() as s:
        by_orm, plain = s.execute(sa.select(*COLUMNS).order_by(OutboxMessage.id)).all()
        assert tuple(plain) == tuple(by_orm)
        assert (plain.state, plain.attempts, plain.next_try_at) == (OutboxState.PENDING, 0, T0)
        created = s.scalars(sa.select(OutboxMessage.created_at)).all()
        assert all(c is not None for c in created)


def test_mail_queued_before_it_stays_ahead(database: Database) -> None:
    with database.unit_of_work() as s:
        row, _ = repo_inbox.store_inbox(s, b"Subject: x\r\n\r\nx\r\n", message_id="<a@b>")
        for n in range(3):  # a turn's reports: inserted together at the next flush
            repo_mail.enqueue_outbox(s, f"report {n}".encode(), sender=JUDGE,
                                     recipients=[f"p{n}@b.test"], flush=False)
        repo_mail.queue_reply(s, b"reply", sender=JUDGE, recipients=["a@b.test"],
                              in_reply_to=row)
        repo_mail.enqueue_outbox(s, b"notice", sender=JUDGE, recipients=["o@b.test"],
                                 flush=False)
    with database.unit_of_work() as s:
        queued = s.scalars(sa.select(OutboxMessage.message).order_by(OutboxMessage.id)).all()
        assert queued == [b"report 0", b"report 1", b"report 2", b"reply", b"notice"]
