"""`[outbox] senders = 0`: a `judge serve` that sends nothing, its outbox left to another
judge on the same database (issue #18: workers whose cores go to turns alone while a
sender elsewhere delivers; bench/storm.py --deliver after); `judge serve --send-only`:
that other judge, its senders and nothing else."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from judge import serve
from judge.app import build_judge
from judge.cli.entry import main
from judge.config import Settings
from judge.mail.inbound.pipeline import receive
from judge.serve import Daemon
from judge.store import repo_mail
from judge.store.db import Database
from judge.store.models import InboxMessage, InboxState, OutboxMessage
from tests.integration.outbox_helpers import maildir_count, queue_plain


def _settings(database: Database, out: Path, senders: int) -> Settings:
    return Settings(database_url=str(database.url), judge_address="judge@example.test",
                    domain="example.test", listen="", maildir=str(out), senders=senders,
                    claims_file="").with_defaults()


def _run(daemon: Daemon, out: Path, seconds: float) -> int:
    """The daemon running until a message is out or `seconds` have passed."""
    daemon.start()
    try:
        deadline = time.monotonic() + seconds
        while maildir_count(out) < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        daemon.stop()
    return maildir_count(out)


def test_a_judge_with_no_senders_leaves_its_outbox_to_another(
        database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Short enough that a sender, had it been started, would have looked twice.
    monkeypatch.setattr(serve, "IDLE_SECONDS", 0.2)
    out = tmp_path / "out"
    queue_plain(database)
    quiet = Daemon(build_judge(_settings(database, out, 0), db=database))
    assert _run(quiet, out, 1.0) == 0
    with database.unit_of_work() as session:
        assert len(repo_mail.due_outbox(session, datetime.now(UTC))) == 1  # left for another
    sending = Daemon(build_judge(_settings(database, out, 1), db=database))
    assert _run(sending, out, 20.0) == 1


def test_a_send_only_judge_sends_the_outbox_and_does_nothing_else(
        database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Nothing wakes a send-only judge's senders: they look for due mail by themselves.
    monkeypatch.setattr(serve, "SEND_ONLY_IDLE_SECONDS", 0.2)
    out = tmp_path / "out"
    judge = build_judge(_settings(database, out, 1), db=database)
    receive(judge, b"From: bob@example.org\r\nTo: judge@example.test\r\nSubject: help\r\n"
                   b"Message-ID: <q1@example.org>\r\n\r\nHELP\r\n")
    sending = Daemon(judge, send_only=True)
    assert sending.receiver is None and sending.poller is None
    sending.start()  # the queued message only after the start: found by looking, unwoken
    try:
        queue_plain(database)
        deadline = time.monotonic() + 20.0
        while maildir_count(out) < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        # No worker thread, no scheduler's: a sender's only.
        running = {thread.name for thread in threading.enumerate()}
        assert "sender" in running and not {"worker", "APScheduler"} & running
    finally:
        sending.stop()
    assert maildir_count(out) == 1
    with database.unit_of_work() as session:
        # The question stays for the judges that read the mail; no answer was queued.
        assert session.scalars(sa.select(InboxMessage.state)).all() == [InboxState.NEW]
        assert session.scalar(sa.select(sa.func.count()).select_from(OutboxMessage)) == 1


def test_send_only_with_no_senders_is_refused(database: Database, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "judge.toml"
    config.write_text(f'[judge]\ndatabase_url = "{database.url.render_as_string(False)}"\n'
                      '[outbox]\nsenders = 0\n')
    assert main(["serve", "--send-only", "--config", str(config)]) == 1
    assert "senders = 0 would send nothing" in capsys.readouterr().err
