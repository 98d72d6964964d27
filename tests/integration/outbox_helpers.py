"""What the `judge serve` tests of the senders share: plain messages queued, the Maildir
the senders deliver into, counted, and a daemon started whose senders have gone idle."""

from __future__ import annotations

import mailbox
import time
from pathlib import Path

from judge.app import build_judge
from judge.config import Settings
from judge.serve import Daemon
from judge.store import repo_mail
from judge.store.db import Database


def maildir_count(folder: Path) -> int:
    """Messages delivered into the Maildir. The sender may be making its tmp/new/cur as
    we look: a folder half made counts as empty (counting then failed under load)."""
    if not all((folder / part).is_dir() for part in ("new", "cur", "tmp")):
        return 0
    try:
        return len(mailbox.Maildir(str(folder), create=False))
    except (FileNotFoundError, mailbox.NoSuchMailboxError):
        return 0


def queue_plain(database: Database, subject: str = "s", count: int = 1) -> None:
    """`count` short messages to alice@example.org in the outbox, in one commit (one
    wake-up of the senders); with more than one, each subject is numbered."""
    with database.unit_of_work() as session:
        for number in range(count):
            title = subject if count == 1 else f"{subject} {number}"
            repo_mail.enqueue_outbox(
                session, f"From: judge@example.test\r\nTo: alice@example.org\r\nSubject: "
                f"{title}\r\n\r\nHi\r\n".encode(), sender="judge@example.test",
                recipients=["alice@example.org"], flush=False)


def idle_daemon(database: Database, out: Path, settle: float) -> Daemon:
    """A started `judge serve` delivering into the Maildir `out`, once its start's rounds
    are over (its senders wait for a wake-up) and `settle` seconds more."""
    settings = Settings(database_url=str(database.url), judge_address="judge@example.test",
                        domain="example.test", listen="", maildir=str(out))
    daemon = Daemon(build_judge(settings, db=database))
    daemon.start()
    deadline = time.monotonic() + 10
    while daemon._outbox_wake.is_set() and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(settle)
    return daemon
