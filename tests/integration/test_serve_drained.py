"""`judge serve`'s senders stop a wake-up's round at the first claim that took every
message due, not at an empty one (issue #18: an empty claim by each sender ended every
wake-up, each a unit of work holding SQLite's writer lock the worker waits for)."""

from __future__ import annotations

import itertools
import threading
import time
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy.orm import Session

from judge import serve
from judge.app import build_judge
from judge.config import Settings
from judge.mail.outbound.sender import OutboxSender
from judge.store import repo_mail
from judge.store.db import Database
from judge.store.models import OutboxMessage
from tests.integration.outbox_helpers import idle_daemon, maildir_count, queue_plain

NEVER = 600.0


def test_a_wake_up_with_fewer_messages_than_a_claim_costs_one_claim_each(
        database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "IDLE_SECONDS", NEVER)
    claims: list[int] = []
    lock = threading.Lock()
    original = repo_mail.claim_due

    def counted(session: Session, now: datetime, *rest: object,
                **named: object) -> list[OutboxMessage]:
        rows = original(session, now, *rest, **named)  # type: ignore[arg-type]
        with lock:
            claims.append(len(rows))
        return rows

    out = tmp_path / "out"
    # The start's rounds are over: the senders wait for a wake-up.
    daemon = idle_daemon(database, out, settle=0.3)
    try:
        monkeypatch.setattr(repo_mail, "claim_due", counted)
        queue_plain(database, "n", serve.SENDER_CLAIM - 1)  # one commit: one wake-up
        deadline = time.monotonic() + 20
        while maildir_count(out) < serve.SENDER_CLAIM - 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.3)  # time for any further claim to happen
    finally:
        daemon.stop()
    assert maildir_count(out) == serve.SENDER_CLAIM - 1
    # Both senders woke: one claimed the three, the other found none; neither looked again
    # (the one that sent them made an empty claim after them before).
    assert sorted(claims) == [0, serve.SENDER_CLAIM - 1]


def test_a_backlog_is_claimed_in_growing_claims(
        database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each full claim doubles the next, up to SENDER_CLAIM_MOST: a claim and its record
    are a transaction each (issue #18: at 4 a claim, a third of a sender's CPU)."""
    monkeypatch.setattr(serve, "IDLE_SECONDS", NEVER)
    asked: list[int] = []
    lock = threading.Lock()
    original = repo_mail.claim_due

    def counted(session: Session, now: datetime, lease: object, limit: int,
                **named: object) -> list[OutboxMessage]:
        with lock:
            asked.append(limit)
        return original(session, now, lease, limit, **named)  # type: ignore[arg-type]

    out = tmp_path / "out"
    daemon = idle_daemon(database, out, settle=0.3)
    backlog = 120
    try:
        monkeypatch.setattr(repo_mail, "claim_due", counted)
        queue_plain(database, "n", backlog)  # one commit: one wake-up
        deadline = time.monotonic() + 60
        while maildir_count(out) < backlog and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        daemon.stop()
    assert maildir_count(out) == backlog
    assert max(asked) == serve.SENDER_CLAIM_MOST
    assert asked.count(serve.SENDER_CLAIM) <= 2 + 2  # each sender's first, and a last one
    # At 4 a claim, 120 messages took 30 claims at least.
    assert len(asked) <= 12, asked


def test_claims_grow_from_the_first_to_the_most() -> None:
    assert list(itertools.islice(serve.claim_sizes(2), 6)) == [4, 8, 16, 32, 32, 32]
    # A lone sender has nobody to share a backlog with: 50 from the first.
    assert list(itertools.islice(serve.claim_sizes(1), 2)) == [50, 50]


def test_a_sender_says_whether_its_last_claim_took_every_message_due(
        database: Database) -> None:
    queue_plain(database, "n", 6)
    sender = OutboxSender(database, build_judge(Settings(
        database_url=str(database.url), judge_address="judge@example.test",
        domain="example.test"), db=database).clock, _Null())
    assert sender.send_due(4) == 4 and not sender.drained
    assert sender.send_due(4) == 2 and sender.drained


class _Null:
    def deliver(self, row_id: int, sender: str, recipients: list[str], raw: bytes) -> None:
        pass

    def close(self) -> None:
        pass
