"""Turns first (issue #18, judge/turns/backlog.py): while the scheduler has date jobs
handed to its sweeping thread and not yet run, `judge serve`'s senders wait; once the
jobs are done, or after `[outbox] turns_first_seconds`, they send."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from judge import serve
from judge.app import build_judge
from judge.config import Settings
from judge.serve import Daemon
from judge.store.db import Database
from tests.integration.outbox_helpers import maildir_count, queue_plain

NEVER = 600.0


def _daemon(database: Database, out: Path, turns_first: int) -> Daemon:
    settings = Settings(database_url=str(database.url), judge_address="judge@example.test",
                        domain="example.test", listen="", maildir=str(out), claims_file="",
                        turns_first_seconds=turns_first).with_defaults()
    return Daemon(build_judge(settings, db=database))


def _until(check: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(check) and check():
            return True
        time.sleep(0.02)
    return False


def _behind(daemon: Daemon, release: threading.Event) -> None:
    """Two date jobs due now: the first holds the scheduler's one sweeping thread until
    `release`, the second waits behind it (a storm's turns, as the scheduler sees them)."""
    for number in (1, 2):
        daemon.scheduler._scheduler.add_job(release.wait, "date", id=f"game-test-{number}",
                                            run_date=datetime.now(UTC), args=[NEVER])
    assert _until(daemon.scheduler.backlog.behind, 10.0)


def test_the_senders_wait_for_the_due_turns(database: Database, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "IDLE_SECONDS", 0.2)
    out, release = tmp_path / "out", threading.Event()
    daemon = _daemon(database, out, turns_first=60)
    daemon.start()
    try:
        _behind(daemon, release)
        queue_plain(database)
        time.sleep(1.5)  # a sender looks every 0.2 s and is woken by the commit
        assert maildir_count(out) == 0
        release.set()
        assert _until(lambda: maildir_count(out) == 1, 20.0)
        assert not daemon.scheduler.backlog.behind()
    finally:
        release.set()
        daemon.stop()


@pytest.mark.parametrize("turns_first", [1, 0], ids=["after-the-limit", "off"])
def test_the_senders_go_on_after_turns_first_seconds_or_with_it_off(
        database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        turns_first: int) -> None:
    monkeypatch.setattr(serve, "IDLE_SECONDS", 0.2)
    out, release = tmp_path / "out", threading.Event()
    daemon = _daemon(database, out, turns_first=turns_first)
    daemon.start()
    try:
        _behind(daemon, release)
        queue_plain(database)
        assert _until(lambda: maildir_count(out) == 1, 20.0)
        assert daemon.scheduler.backlog.behind()  # sent while the turns still wait
    finally:
        release.set()
        daemon.stop()
