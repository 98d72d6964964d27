"""The outbox claims: what is due, the lease, and the fence on each outcome."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from judge.store import repo_mail
from judge.store.db import Database
from judge.store.models import OutboxMessage, OutboxState

T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)
LEASE = timedelta(minutes=10)


def queue(db: Database, not_before: datetime) -> int:
    with db.unit_of_work() as session:
        return repo_mail.enqueue_outbox(session, b"Subject: x\r\n\r\nx\r\n",
                                        sender="j@example.test",
                                        recipients=["a@example.test"], not_before=not_before).id


def claim(db: Database, now: datetime, limit: int = 50) -> list[tuple[int, int]]:
    with db.unit_of_work() as session:
        return [(r.id, r.attempts) for r in repo_mail.claim_due(session, now, LEASE, limit)]


def state(db: Database, row_id: int) -> tuple[OutboxState, int, datetime]:
    with db.unit_of_work() as session:
        row = session.get(OutboxMessage, row_id)
        assert row is not None
        return row.state, row.attempts, row.next_try_at


def test_only_due_messages_are_claimed_oldest_due_first(database: Database) -> None:
    later = queue(database, T0 + timedelta(seconds=1))
    late = queue(database, T0)
    early = queue(database, T0 - timedelta(hours=1))
    assert claim(database, T0, limit=1) == [(early, 1)]
    assert claim(database, T0) == [(late, 1)]  # `early` is leased now
    assert state(database, late) == (OutboxState.SENDING, 1, T0 + LEASE)
    assert claim(database, T0 + timedelta(seconds=1)) == [(later, 1)]


def test_a_sending_message_is_claimed_again_when_its_lease_runs_out(database: Database) -> None:
    row_id = queue(database, T0)
    assert claim(database, T0) == [(row_id, 1)]
    assert claim(database, T0 + LEASE - timedelta(seconds=1)) == []
    assert claim(database, T0 + LEASE) == [(row_id, 2)]
    assert state(database, row_id) == (OutboxState.SENDING, 2, T0 + 2 * LEASE)


def test_an_outcome_from_a_claim_that_was_taken_over_is_not_recorded(
        database: Database) -> None:
    row_id = queue(database, T0)
    claim(database, T0)
    claim(database, T0 + LEASE)  # the first sender's lease ran out; attempt 2 is current
    with database.unit_of_work() as session:
        assert repo_mail.mark_retry(session, row_id, 1, "timed out", T0 + LEASE) is False
    assert state(database, row_id)[:2] == (OutboxState.SENDING, 2)
    with database.unit_of_work() as session:
        assert repo_mail.mark_sent(session, row_id, 2, T0 + LEASE) is True
        assert repo_mail.mark_failed(session, row_id, 2, "late") is False  # settled already
    with database.unit_of_work() as session:
        row = session.get(OutboxMessage, row_id)
        assert row is not None
        assert (row.state, row.sent_at, row.last_error) == (OutboxState.SENT, T0 + LEASE, None)


def test_two_senders_on_postgresql_never_claim_the_same_message(database: Database) -> None:
    if database.url.get_backend_name() != "postgresql":
        pytest.skip("SQLite has one writer at a time: a second claim waits, it cannot skip")
    first, second = queue(database, T0), queue(database, T0)
    with database.unit_of_work() as one:
        taken = repo_mail.claim_due(one, T0, LEASE, limit=1)
        with database.unit_of_work() as other:  # while `one` still holds its row lock
            also = repo_mail.claim_due(other, T0, LEASE, limit=10)
    assert ([r.id for r in taken], [r.id for r in also]) == ([first], [second])
