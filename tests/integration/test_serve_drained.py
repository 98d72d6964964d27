"""`judge serve`'s senders stop a wake-up's round at the first claim that took every
message due, not at an empty one (issue #18: an empty claim by each sender ended every
wake-up, each a unit of work holding SQLite's writer lock the worker waits for)."""

from __future__ import annotations

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
