"""The sender's own recovery paths, with a fake transport at the Transport seam."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import pytest

from judge.game.clock import ManualClock
from judge.mail.outbound.sender import LEASE, MAX_ATTEMPTS, OutboxSender
from judge.store import repo_mail
from judge.store.db import Database
from judge.store.models import OutboxMessage, OutboxState

T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)


@dataclass
class SlowTransport:
    """Takes a whole lease over its first delivery; raises `error` if set."""

    clock: ManualClock
    delivered: list[int] = field(default_factory=list)
    error: Exception | None = None
    closed: int = 0

    def deliver(self, row_id: int, sender: str, recipients: list[str], raw: bytes) -> None:
        if self.error is not None:
            raise self.error
        if not self.delivered:
            self.clock.advance(LEASE)
        self.delivered.append(row_id)

    def close(self) -> None:
        self.closed += 1


def queue(db: Database) -> int:
    with db.unit_of_work() as session:
        return repo_mail.enqueue_outbox(session, b"Subject: x\r\n\r\nx\r\n",
                                        sender="j@example.test",
                                        recipients=["a@example.test"], not_before=T0).id


def row(db: Database, row_id: int) -> OutboxMessage:
    with db.unit_of_work() as session:
        found = session.get(OutboxMessage, row_id)
        assert found is not None
        return found


def test_a_message_whose_lease_ran_out_in_the_batch_is_left_for_the_next_round(
        database: Database) -> None:
    clock = ManualClock(T0)
    first, second = queue(database), queue(database)
    transport = SlowTransport(clock)
    sender = OutboxSender(database, clock, transport)

    assert sender.send_due() == 1
    assert transport.delivered == [first]
    assert (row(database, second).state, row(database, second).attempts) == \
        (OutboxState.SENDING, 1)
    assert sender.send_due() == 1  # claimed again: its lease ended at T0 + LEASE, now
    assert transport.delivered == [first, second]
    assert (row(database, second).state, row(database, second).attempts) == \
        (OutboxState.SENT, 2)
    assert transport.closed == 0  # kept across batches; the daemon closes it when idle


def test_a_transport_that_breaks_is_retried_like_a_temporary_failure(
        database: Database, caplog: pytest.LogCaptureFixture) -> None:
    clock = ManualClock(T0)
    row_id = queue(database)
    transport = SlowTransport(clock, error=RuntimeError("boom"))

    assert OutboxSender(database, clock, transport).send_due() == 0
    broken = row(database, row_id)
    assert (broken.state, broken.last_error, broken.next_try_at) == \
        (OutboxState.PENDING, "RuntimeError: boom", T0 + timedelta(minutes=1))
    assert f"outbox message {row_id}: the transport broke" in caplog.messages
    assert transport.closed == 1


def test_a_message_no_claim_ever_came_back_from_is_given_up(database: Database) -> None:
    clock = ManualClock(T0)
    row_id = queue(database)
    for _ in range(MAX_ATTEMPTS):  # each claim's sender died mid-send
        with database.unit_of_work() as session:
            assert len(repo_mail.claim_due(session, clock.now(), LEASE, 50)) == 1
        clock.advance(LEASE)
    transport = SlowTransport(clock)

    assert OutboxSender(database, clock, transport).send_due() == 0
    given_up = row(database, row_id)
    assert (given_up.state, given_up.attempts, given_up.last_error) == \
        (OutboxState.FAILED, MAX_ATTEMPTS + 1, "the sender stopped during every attempt")
    assert transport.delivered == []


@dataclass
class StepTransport:
    """Each delivery takes `step` of the clock; the sender's process dies (an exception
    nobody catches) at delivery number `dies_at`, if set."""

    clock: ManualClock
    step: timedelta
    dies_at: int | None = None
    delivered: list[int] = field(default_factory=list)

    def deliver(self, row_id: int, sender: str, recipients: list[str], raw: bytes) -> None:
        if len(self.delivered) + 1 == self.dies_at:
            raise KeyboardInterrupt  # stands for the process's end: nothing is recorded
        self.clock.advance(self.step)
        self.delivered.append(row_id)

    def close(self) -> None:
        pass


def test_the_lease_covers_each_delivery_not_the_whole_claim(database: Database) -> None:
    clock = ManualClock(T0)
    ids = [queue(database) for _ in range(3)]
    # Three deliveries of most of a lease each: the claim's rest is renewed as each is
    # recorded, so none runs out while it waits for its turn.
    transport = StepTransport(clock, LEASE * 3 / 4)
    assert OutboxSender(database, clock, transport).send_due() == 3
    assert transport.delivered == ids
    assert [(row(database, i).state, row(database, i).attempts) for i in ids] == \
        [(OutboxState.SENT, 1)] * 3


def test_a_sender_gone_for_good_leaves_its_claim_due_one_lease_after_its_last_step(
        database: Database) -> None:
    clock = ManualClock(T0)
    ids = [queue(database) for _ in range(3)]
    transport = StepTransport(clock, timedelta(seconds=30), dies_at=2)
    with pytest.raises(KeyboardInterrupt):
        OutboxSender(database, clock, transport).send_due()
    recorded = T0 + timedelta(seconds=30)  # the first message's record: the last step
    assert [(row(database, i).state, row(database, i).next_try_at) for i in ids] == [
        (OutboxState.SENT, T0 + LEASE), (OutboxState.SENDING, recorded + LEASE),
        (OutboxState.SENDING, recorded + LEASE)]
    # Another worker's sender takes them once that lease has run out, not before.
    other = StepTransport(clock, timedelta(seconds=1))
    clock.set(recorded + LEASE - timedelta(seconds=1))
    assert OutboxSender(database, clock, other).send_due() == 0
    clock.set(recorded + LEASE)
    assert OutboxSender(database, clock, other).send_due() == 2
    assert other.delivered == ids[1:]


def test_a_quick_batch_leaves_its_claim_unrenewed_while_most_of_the_lease_is_left(
        database: Database) -> None:
    # Renewing the rest after every message cost as much as recording it (issue #18):
    # now once an eighth of the lease has passed, so one lease after the claim still holds.
    clock = ManualClock(T0)
    ids = [queue(database) for _ in range(3)]
    transport = StepTransport(clock, timedelta(seconds=1), dies_at=3)
    with pytest.raises(KeyboardInterrupt):
        OutboxSender(database, clock, transport).send_due()
    assert [(row(database, i).state, row(database, i).next_try_at) for i in ids] == [
        (OutboxState.SENT, T0 + LEASE), (OutboxState.SENT, T0 + LEASE),
        (OutboxState.SENDING, T0 + LEASE)]
