"""`judge serve`'s senders are woken by the commit that queued mail, not by their poll of
the outbox (issue #18: the first reply of a burst left 0.4-0.5 s after it was queued)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from judge import serve
from judge.store.db import Database
from tests.integration.outbox_helpers import idle_daemon, maildir_count, queue_plain

# Far beyond the waits below: only a wake-up can make the senders look in time.
NEVER = 600.0


def test_mail_queued_by_any_unit_of_work_wakes_the_senders(
        database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "IDLE_SECONDS", NEVER)
    out = tmp_path / "out"
    # The start's round finds nothing: the senders then wait for a wake-up.
    daemon = idle_daemon(database, out, settle=0.2)
    try:
        # Queued from a thread that is none of the daemon's (a command, a test, a turn).
        queuer = threading.Thread(target=queue_plain, args=(database, "woken"))
        queuer.start()
        queuer.join()
        deadline = time.monotonic() + 20
        while maildir_count(out) < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        daemon.stop()
    assert maildir_count(out) == 1
