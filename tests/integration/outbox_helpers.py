"""What the `judge serve` tests of the senders share: one plain message queued, and the
Maildir the senders deliver into, counted."""

from __future__ import annotations

import mailbox
from pathlib import Path

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


def queue_plain(database: Database, subject: str = "s") -> None:
    """One short message to alice@example.org in the outbox, committed."""
    with database.unit_of_work() as session:
        repo_mail.enqueue_outbox(
            session, f"From: judge@example.test\r\nTo: alice@example.org\r\nSubject: "
            f"{subject}\r\n\r\nHi\r\n".encode(), sender="judge@example.test",
            recipients=["alice@example.org"], flush=False)
