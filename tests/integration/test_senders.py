"""Several senders drain one outbox over their own connections to the real Postfix: each
message is claimed by one of them and reaches its recipient once."""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from pathlib import Path

import pytest

from judge.app import build_judge
from judge.config import Settings
from judge.serve import Daemon
from judge.store.db import Database
from judge.store.models import OutboxMessage, OutboxState
from tests.mailstack import MailStack

PLAYERS = ("alice", "bob", "carol", "dave")
PER_PLAYER = 10


def _outbox(db: Database) -> list[tuple[OutboxState, int]]:
    with db.unit_of_work() as session:
        return [(row.state, row.attempts)
                for row in session.query(OutboxMessage).order_by(OutboxMessage.id)]


def _queue(judge_db: Database, settings: Settings, mail: MailStack) -> None:
    judge = build_judge(settings, db=judge_db)
    with judge_db.unit_of_work() as session:
        for n in range(PER_PLAYER):
            for user in PLAYERS:
                judge.postman.send(session, to=[mail.addr(user)], subject=f"note {n}",
                                   body=f"note {n} for {user}\n")


def test_two_senders_share_the_outbox_and_send_each_message_once(
        judge_db: Database, smtp_settings: Settings, mail: MailStack,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="judge.mail.outbound.sender")
    _queue(judge_db, smtp_settings, mail)
    daemon = Daemon(build_judge(smtp_settings, db=judge_db))
    daemon.start()
    try:
        deadline = time.monotonic() + 60
        while any(state != OutboxState.SENT for state, _ in _outbox(judge_db)):
            assert time.monotonic() < deadline, _outbox(judge_db)
            time.sleep(0.05)
    finally:
        daemon.stop()
    assert _outbox(judge_db) == [(OutboxState.SENT, 1)] * (PER_PLAYER * len(PLAYERS))
    for user in PLAYERS:
        subjects = sorted(raw.split(b"Subject: ", 1)[1].split(b"\r\n", 1)[0]
                          for raw in mail.wait_for(user, PER_PLAYER))
        assert subjects == sorted(f"note {n}".encode() for n in range(PER_PLAYER))
    threads = {r.threadName for r in caplog.records if "sent to" in r.getMessage()}
    assert threads == {"sender-1", "sender-2"}


@pytest.fixture
def smtp_settings(sqlite_url: str, mail: MailStack, tmp_path: Path) -> Settings:
    base = Settings(database_url=sqlite_url, judge_address=mail.addr("judge"),
                    domain=mail.domain, listen="", smtp_host="127.0.0.1",
                    smtp_port=mail.smtp_port, claims_file=str(tmp_path / "claims"))
    return replace(base, senders=2).with_defaults()
