"""The claims journal (judge/mail/outbound/claims.py): after a crash, the same judge sends what it
was sending at once; nobody else's claims are touched (issue #11 item 10).

A process that dies lets go of its journal's lock: `die` does what the kernel does then.
The real kill is in tests/integration/test_crash.py.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pytest

from judge.app import build_judge
from judge.config import Settings
from judge.game.clock import ManualClock
from judge.mail.outbound.claims import FORMAT, SENT_FORMAT, ClaimJournal
from judge.mail.outbound.sender import LEASE, OutboxSender
from judge.serve import Daemon
from judge.store import repo_mail
from judge.store.db import Database, shown_url
from judge.store.models import OutboxMessage, OutboxState

T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)


@dataclass
class DyingTransport:
    """Delivers `survive` messages, then the process is killed in the middle of a send."""

    survive: int
    delivered: list[int] = field(default_factory=list)

    def deliver(self, row_id: int, sender: str, recipients: list[str], raw: bytes) -> None:
        if len(self.delivered) == self.survive:
            raise SystemExit("killed")
        self.delivered.append(row_id)

    def close(self) -> None:
        pass


def queue(db: Database, count: int) -> list[int]:
    with db.unit_of_work() as session:
        return [repo_mail.enqueue_outbox(session, f"Subject: {n}\r\n\r\nx\r\n".encode(),
                                         sender="j@example.test", recipients=["a@example.test"],
                                         not_before=T0).id for n in range(count)]


def outbox(db: Database) -> list[tuple[OutboxState, int]]:
    with db.unit_of_work() as session:
        rows = session.query(OutboxMessage).order_by(OutboxMessage.id)
        return [(row.state, row.attempts) for row in rows]


def journal(db: Database, path: Path) -> ClaimJournal:
    return ClaimJournal(path, shown_url(db.url))


def sent_file(path: Path) -> Path:
    return path.with_name(path.name + ".sent")


def die(claims: ClaimJournal) -> None:
    # A dead process's descriptors close, and its lock goes with them.
    for fd in (claims._fd, claims._sent_fd):
        assert fd is not None
        os.close(fd)


def release(db: Database, claims: list[tuple[int, int]]) -> int:
    with db.unit_of_work() as session:
        return repo_mail.release_claims(session, claims, T0)


def record(db: Database, sent: list[tuple[int, int]]) -> int:
    with db.unit_of_work() as session:
        return sum(repo_mail.mark_sent(session, row, attempt, T0) for row, attempt in sent)


def test_a_judge_killed_mid_batch_sends_the_rest_at_once_when_it_starts_again(
        database: Database, tmp_path: Path) -> None:
    clock, path = ManualClock(T0), tmp_path / "claims"
    first, second, third = queue(database, 3)
    before = journal(database, path)
    assert before.open() == []
    with pytest.raises(SystemExit):
        OutboxSender(database, clock, DyingTransport(1), journal=before).send_due()
    die(before)
    # The first delivery is journaled, its record was to come with the claim's end.
    assert outbox(database) == [(OutboxState.SENDING, 1)] * 3

    after = journal(database, path)
    left = after.open()
    assert left == [(first, 1), (second, 1), (third, 1)]
    sent = after.take_sent()
    assert sent == [(first, 1)]
    assert after.take_sent() == []
    # As judge serve starts (Daemon._release_claims): the sends recorded, then the release.
    assert record(database, sent) == 1
    assert release(database, left) == 2
    after.recorded(row for row, _ in [*left, *sent])
    transport = DyingTransport(99)
    assert OutboxSender(database, clock, transport, journal=after).send_due() == 2
    assert transport.delivered == [second, third]  # at T0: no lease waited out; not first
    after.close()
    assert outbox(database) == [(OutboxState.SENT, 1), (OutboxState.SENT, 2),
                                (OutboxState.SENT, 2)]
    assert path.read_text() == f"{FORMAT} {shown_url(database.url)}\n"  # a clean stop
    assert sent_file(path).read_text() == f"{SENT_FORMAT} {shown_url(database.url)}\n"


def test_a_claim_taken_again_by_another_sender_is_not_released(
        database: Database, tmp_path: Path) -> None:
    [row] = queue(database, 1)
    for now in (T0, T0 + LEASE):  # claimed twice: the first claim's lease ran out
        with database.unit_of_work() as session:
            assert len(repo_mail.claim_due(session, now, LEASE, 50)) == 1
    assert release(database, [(row, 1)]) == 0
    assert outbox(database) == [(OutboxState.SENDING, 2)]


def test_a_journal_held_by_a_running_judge_is_left_to_it(
        database: Database, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "claims"
    running = journal(database, path)
    running.open()
    running.claimed([(7, 1)])
    other = journal(database, path)
    assert other.open() == []
    other.claimed([(8, 1)])  # written nowhere
    assert path.read_text().splitlines()[1:] == ["7 1"]
    assert f"the claims journal {path} is locked by another running judge" in caplog.text
    running.close()


def test_a_journal_of_another_database_is_not_used(database: Database, tmp_path: Path) -> None:
    path = tmp_path / "claims"
    path.write_text(f"{FORMAT} sqlite:///elsewhere.sqlite3\n1 1\n")
    assert journal(database, path).open() == []


def test_garbage_lines_are_skipped(database: Database, tmp_path: Path) -> None:
    path = tmp_path / "claims"
    path.write_text(f"{FORMAT} {shown_url(database.url)}\n4 2\n5\nx y\n6 -1\n\n9 3 1\n10 4\n")
    assert journal(database, path).open() == [(4, 2), (10, 4)]


def test_a_journal_that_cannot_be_kept_does_not_stop_sending(
        database: Database, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "a-file").write_text("")
    claims = journal(database, tmp_path / "a-file" / "claims")
    assert claims.open() == []
    queue(database, 1)
    assert OutboxSender(database, ManualClock(T0), DyingTransport(9), journal=claims) \
        .send_due() == 1
    assert "cannot open the claims journal" in caplog.text


def serve_until(database: Database, path: Path, maildir: Path,
                expected: list[tuple[OutboxState, int]]) -> None:
    """`judge serve` (a Daemon) on the journal at `path`, until the outbox is `expected`."""
    settings = Settings(database_url=str(database.url), listen="", maildir=str(maildir),
                        claims_file=str(path))
    daemon = Daemon(build_judge(settings, db=database))
    daemon.start()
    try:
        deadline = time.monotonic() + 20
        while outbox(database) != expected:
            assert time.monotonic() < deadline, outbox(database)
            time.sleep(0.05)
    finally:
        daemon.stop()


def test_judge_serve_starts_by_sending_what_it_was_sending(
        database: Database, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="judge.mail.outbound.recovery")
    path, maildir = tmp_path / "claims", tmp_path / "out"
    [row] = queue(database, 1)
    with database.unit_of_work() as session:  # claimed for 10 minutes, by the last run
        repo_mail.claim_due(session, datetime.now(UTC), LEASE, 50)
    path.write_text(f"{FORMAT} {shown_url(database.url)}\n{row} 1\n")
    serve_until(database, path, maildir, [(OutboxState.SENT, 2)])
    assert len(list((maildir / "new").iterdir())) == 1
    assert "outbox: 1 message(s) this judge was sending when it stopped are due again now" \
        in caplog.messages


def test_judge_serve_records_what_the_relay_took_before_it_stopped(
        database: Database, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="judge.mail.outbound.recovery")
    path, maildir = tmp_path / "claims", tmp_path / "out"
    taken, waiting = queue(database, 2)
    with database.unit_of_work() as session:  # claimed for 10 minutes, by the last run
        repo_mail.claim_due(session, datetime.now(UTC), LEASE, 50)
    url = shown_url(database.url)
    path.write_text(f"{FORMAT} {url}\n{taken} 1\n{waiting} 1\n")
    sent_file(path).write_text(f"{SENT_FORMAT} {url}\n{taken} 1\n")
    serve_until(database, path, maildir, [(OutboxState.SENT, 1), (OutboxState.SENT, 2)])
    assert len(list((maildir / "new").iterdir())) == 1  # the waiting one; not `taken`
    assert "outbox: 1 message(s) the relay took before this judge stopped are recorded " \
        "as sent" in caplog.messages
    assert sent_file(path).read_text() == f"{SENT_FORMAT} {url}\n"
