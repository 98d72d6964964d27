"""`judge serve` on its embedded defaults: the SMTP receiver in, a Maildir out."""

from __future__ import annotations

import mailbox
import os
import smtplib
import subprocess
import time
from email.message import EmailMessage
from pathlib import Path

from judge.app import build_judge
from judge.config import Settings
from judge.serve import Daemon
from judge.store.db import Database
from tests.integration.judge_process import JUDGE_BIN
from tests.mailstack_process import free_port


def _wait_for_mail(folder: Path, count: int, timeout: float = 30.0) -> list[bytes]:
    deadline = time.monotonic() + timeout
    while True:
        box = mailbox.Maildir(str(folder), create=False) if folder.exists() else None
        found = [bytes(message) for message in box] if box is not None else []
        if len(found) >= count or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def test_a_message_in_is_answered_into_the_maildir(database: Database, tmp_path: Path) -> None:
    port = free_port()
    settings = Settings(database_url=str(database.url), judge_address="judge@example.test",
                        domain="example.test", listen=f"127.0.0.1:{port}",
                        maildir=str(tmp_path / "out"), claims_file=str(tmp_path / "claims"))
    daemon = Daemon(build_judge(settings, db=database))
    daemon.start()
    try:
        message = EmailMessage()
        message["From"], message["To"] = "alice@example.org", "judge@example.test"
        message["Subject"], message["Message-ID"] = "help", "<q1@example.org>"
        message.set_content("HELP")
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
            client.send_message(message)
        replies = _wait_for_mail(tmp_path / "out", 1)
    finally:
        daemon.stop()
    assert len(replies) == 1
    assert b"To: alice@example.org" in replies[0] and b"In-Reply-To: <q1@example.org>" in replies[0]
    assert all(not thread.is_alive() for thread in daemon._threads)


def test_serve_refuses_a_database_behind_the_code(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    done = subprocess.run([str(JUDGE_BIN), "serve", "--url", url], cwd=tmp_path,
                          env={**os.environ, "JUDGE_LISTEN": ""}, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1
    assert "run `judge db upgrade` first" in done.stderr, done.stderr
