"""Deliveries journaled, then recorded a few at a time (judge/mail/outbound/claims.py, the
sends file; sender.py): one commit for a claim's deliveries instead of one each (issue
#18), and still nothing sent twice after a kill but the one message in flight.

The kill is simulated at the Transport seam and at the crash points (a process's
descriptors close when it dies: `die`); the real SIGKILL is in
tests/integration/test_crash.py.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from judge import faults
from judge.game.clock import ManualClock
from judge.mail.outbound import claims as claims_module
from judge.mail.outbound.claims import SENT_FORMAT, ClaimJournal
from judge.mail.outbound.recovery import LeftBehind
from judge.mail.outbound.sender import LEASE, RECORD_EVERY, OutboxSender
from judge.store import repo_mail
from judge.store.db import Database, shown_url
from judge.store.models import OutboxMessage, OutboxState

T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)


@dataclass
class Transport:
    """Takes every message, each delivery taking `step` of the clock."""

    clock: ManualClock
    step: timedelta = timedelta(0)
    delivered: list[int] = field(default_factory=list)

    def deliver(self, row_id: int, sender: str, recipients: list[str], raw: bytes) -> None:
        self.clock.advance(self.step)
        self.delivered.append(row_id)

    def close(self) -> None:
        pass


def queue(db: Database, count: int, commits: list[int] | None = None) -> list[int]:
    with db.unit_of_work() as session:
        ids = [repo_mail.enqueue_outbox(session, f"Subject: {n}\r\n\r\nx\r\n".encode(),
                                        sender="j@example.test", recipients=["a@example.test"],
                                        not_before=T0).id for n in range(count)]
    if commits:
        commits.pop()
    return ids


def outbox(db: Database) -> list[tuple[OutboxState, int]]:
    with db.unit_of_work() as session:
        rows = session.query(OutboxMessage).order_by(OutboxMessage.id)
        return [(row.state, row.attempts) for row in rows]


def opened(db: Database, path: Path) -> ClaimJournal:
    journal = ClaimJournal(path, shown_url(db.url))
    journal.open()
    return journal


def sends(path: Path) -> list[str]:
    """The sends file's lines after its header."""
    lines = path.with_name(path.name + ".sent").read_text().splitlines()
    assert lines[0].startswith(SENT_FORMAT)
    return lines[1:]


def busy(*args: object, **kwargs: object) -> bool:
    """repo_mail.mark_sent on a database locked past its timeout."""
    raise sa.exc.OperationalError("UPDATE", {}, Exception("database is locked"))


def die(journal: ClaimJournal) -> None:
    for fd in (journal._fd, journal._sent_fd):
        if fd is not None:
            os.close(fd)


@pytest.fixture
def commits(database: Database) -> Iterator[list[int]]:
    """One entry per unit of work the database commits; `queue`'s own are taken out."""
    counted: list[int] = []
    stop = database.after_commit(lambda _session: counted.append(1))
    yield counted
    stop()


def test_a_claims_deliveries_are_recorded_in_one_commit(
        database: Database, tmp_path: Path, commits: list[int]) -> None:
    clock = ManualClock(T0)
    queue(database, 4, commits)
    journal = opened(database, tmp_path / "claims")
    assert OutboxSender(database, clock, Transport(clock), journal=journal).send_due() == 4
    assert len(commits) == 2  # the claim, then the four records together
    assert outbox(database) == [(OutboxState.SENT, 1)] * 4
    assert sends(tmp_path / "claims") == []  # cut back: every line was recorded


def test_without_a_journal_each_delivery_is_recorded_at_once(
        database: Database, commits: list[int]) -> None:
    clock = ManualClock(T0)
    queue(database, 4, commits)
    assert OutboxSender(database, clock, Transport(clock)).send_due() == 4
    assert len(commits) == 5
    assert outbox(database) == [(OutboxState.SENT, 1)] * 4


def test_a_long_claim_is_recorded_every_few_deliveries(
        database: Database, tmp_path: Path, commits: list[int]) -> None:
    clock = ManualClock(T0)
    queue(database, 2 * RECORD_EVERY + 1, commits)
    journal = opened(database, tmp_path / "claims")
    OutboxSender(database, clock, Transport(clock), journal=journal).send_due()
    assert len(commits) == 1 + 3


def test_a_slow_claim_is_recorded_before_its_lease_runs_low(
        database: Database, tmp_path: Path) -> None:
    # Three deliveries of most of a lease each: waiting for the claim's end to record
    # them would let the first one's lease run out, and another sender send it again.
    clock = ManualClock(T0)
    ids = queue(database, 3)
    journal = opened(database, tmp_path / "claims")
    transport = Transport(clock, LEASE * 3 / 4)
    assert OutboxSender(database, clock, transport, journal=journal).send_due() == 3
    assert transport.delivered == ids
    assert outbox(database) == [(OutboxState.SENT, 1)] * 3


def killed_at(database: Database, journal: ClaimJournal, transport: Transport,
              point: str) -> None:
    """One round of a sender whose process is killed at crash point `point` on the
    claim's first message (judge/faults.py), its descriptors closed as the kernel would."""
    first = transport.delivered[:]

    def kill(name: str) -> None:
        if name == point and len(transport.delivered) == len(first) + 1:
            raise SystemExit("killed")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(faults, "point", kill)
        with pytest.raises(SystemExit):
            OutboxSender(database, transport.clock, transport, journal=journal).send_due()
    die(journal)


def test_a_delivery_journaled_before_a_kill_is_recorded_not_sent_again(
        database: Database, tmp_path: Path) -> None:
    clock, path = ManualClock(T0), tmp_path / "claims"
    first, second = queue(database, 2)
    transport = Transport(clock)
    killed_at(database, opened(database, path), transport, "outbox-after-first")
    assert transport.delivered == [first]
    assert outbox(database) == [(OutboxState.SENDING, 1)] * 2
    assert sends(path) == [f"{first} 1"]
    assert restart(database, path, clock) == [second]
    assert outbox(database) == [(OutboxState.SENT, 1), (OutboxState.SENT, 2)]


def test_a_kill_between_the_relays_answer_and_the_journal_sends_that_one_again(
        database: Database, tmp_path: Path) -> None:
    # SMTP is at least once: the relay's answer and our line cannot be one step.
    clock, path = ManualClock(T0), tmp_path / "claims"
    first, second = queue(database, 2)
    transport = Transport(clock)
    killed_at(database, opened(database, path), transport, "outbox-relayed")
    assert transport.delivered == [first]
    assert sends(path) == []
    assert restart(database, path, clock) == [first, second]
    assert outbox(database) == [(OutboxState.SENT, 2), (OutboxState.SENT, 2)]


def restart(database: Database, path: Path, clock: ManualClock) -> list[int]:
    """What `judge serve` does as it starts again (Daemon.start: LeftBehind), then one
    round: the messages it delivers."""
    journal = ClaimJournal(path, shown_url(database.url))
    LeftBehind(database, clock, journal).settle()
    transport = Transport(clock)
    OutboxSender(database, clock, transport, journal=journal).send_due()
    journal.close()
    return transport.delivered


def test_what_the_last_run_left_is_settled_once_the_database_answers(
        database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    clock, path = ManualClock(T0), tmp_path / "claims"
    first, second = queue(database, 2)
    killed_at(database, opened(database, path), Transport(clock), "outbox-after-first")
    journal = ClaimJournal(path, shown_url(database.url))
    monkeypatch.setattr(repo_mail, "mark_sent", busy)
    left = LeftBehind(database, clock, journal)
    left.settle()
    assert "settled once the database answers" in caplog.text
    monkeypatch.undo()
    # A round meanwhile sends a new message only (the claims hold), and its record keeps
    # the left line in the file.
    [third] = queue(database, 1)
    transport = Transport(clock)
    sender = OutboxSender(database, clock, transport, journal=journal)
    assert sender.send_due() == 1
    assert sends(path) == [f"{first} 1", f"{third} 1"]  # the new one's line: stale now
    left.settle()
    assert outbox(database) == [(OutboxState.SENT, 1), (OutboxState.PENDING, 1),
                                (OutboxState.SENT, 1)]
    assert sends(path) == []
    assert sender.send_due() == 1
    assert transport.delivered == [third, second]
    journal.close()


def test_a_sends_file_that_cannot_be_opened_leaves_each_delivery_recorded_at_once(
        database: Database, tmp_path: Path, commits: list[int],
        caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "claims"
    path.with_name("claims.sent").mkdir()
    clock = ManualClock(T0)
    queue(database, 3, commits)
    journal = opened(database, path)
    assert OutboxSender(database, clock, Transport(clock), journal=journal).send_due() == 3
    assert len(commits) == 4
    assert "each delivery is recorded on its own" in caplog.text


def test_a_sends_file_that_fails_mid_claim_records_the_rest_at_once(
        database: Database, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    clock, path = ManualClock(T0), tmp_path / "claims"
    queue(database, 3)
    journal = opened(database, path)
    assert journal._sent_fd is not None
    os.close(journal._sent_fd)  # its writes now fail (EBADF)
    assert OutboxSender(database, clock, Transport(clock), journal=journal).send_due() == 3
    assert outbox(database) == [(OutboxState.SENT, 1)] * 3
    assert "cannot write" in caplog.text
    journal.close()


def test_a_large_sends_file_keeps_only_the_lines_still_unrecorded(
        database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Two senders: one's deliveries wait for their record while the other's are recorded.
    monkeypatch.setattr(claims_module, "SENT_COMPACT_BYTES", 0)
    path = tmp_path / "claims"
    journal = opened(database, path)
    for row in (5, 6, 7):
        assert journal.sent(row, 1)
    journal.recorded([5, 7])
    assert sends(path) == ["6 1"]
    assert journal.sent(8, 2)
    assert sends(path) == ["6 1", "8 2"]
    die(journal)
    again = ClaimJournal(path, shown_url(database.url))
    again.open()
    assert again.take_sent() == [(6, 1), (8, 2)]
    again.close()


def test_deliveries_a_failed_record_left_are_recorded_by_the_next_round_not_sent_again(
        database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A busy database at the record (SQLite locked past its timeout): `judge serve` pauses
    # the sender and starts another round (serve.py _riding_out), which records them first.
    clock = ManualClock(T0)
    queue(database, 2)
    transport = Transport(clock)
    sender = OutboxSender(database, clock, transport, journal=opened(database, tmp_path / "c"))
    real = repo_mail.mark_sent
    monkeypatch.setattr(repo_mail, "mark_sent", busy)
    with pytest.raises(sa.exc.OperationalError):
        sender.send_due()
    assert outbox(database) == [(OutboxState.SENDING, 1)] * 2
    monkeypatch.setattr(repo_mail, "mark_sent", real)
    assert sender.send_due() == 0
    assert outbox(database) == [(OutboxState.SENT, 1)] * 2
    assert len(transport.delivered) == 2
    assert sends(tmp_path / "c") == []
