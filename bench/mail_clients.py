"""The mail bench's clients: one SMTP connection that sends, IMAP connections that count."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable, Sequence
from email.message import EmailMessage
from typing import Any

from tests.mailstack import MailStack

# Short against the bare servers' ~5 ms per message, and a look costs Dovecot nothing (the
# Maildirs are listed): the error this adds to a run is at most one interval.
POLL_SECONDS = 0.02


def send_all(stack: MailStack, messages: Sequence[EmailMessage]) -> dict[str, float]:
    """Send every message over one SMTP connection to Postfix: Message-ID -> time.time()."""
    sent: dict[str, float] = {}
    with stack.smtp() as smtp:
        for message in messages:
            sent[str(message["Message-ID"])] = time.time()
            smtp.send_message(message)
    return sent


class Mailboxes:
    """One logged-in IMAP connection per user, kept open across runs; STATUS to count.

    While waiting, the INBOXes' Maildir folders are counted instead (`delivered`): STATUS
    every 20 ms for six users kept Dovecot and this process at about a tenth of a core
    (bench/README.md), taken from the judge for as long as its run lasts; a directory
    listing costs Dovecot nothing. STATUS then confirms the count."""

    def __init__(self, stack: MailStack, users: Iterable[str]) -> None:
        self._clients: dict[str, Any] = {user: stack.imap(user) for user in users}
        self._maildirs = {user: stack.base / "mail" / user / "Maildir" for user in self._clients}

    def count(self, users: Iterable[str]) -> int:
        total = 0
        for user in users:
            status = self._clients[user].folder_status("INBOX", [b"MESSAGES"])
            total += int(status[b"MESSAGES"])
        return total

    def delivered(self, users: Iterable[str]) -> int:
        """Messages in the users' INBOX Maildirs. cur/ is listed before new/: a message
        Dovecot moves from new/ to cur/ meanwhile is missed (seen at the next look),
        never counted twice."""
        total = 0
        for user in users:
            for sub in ("cur", "new"):
                # No such folder: no mail delivered to the user yet.
                with contextlib.suppress(FileNotFoundError):
                    total += sum(1 for _ in os.scandir(self._maildirs[user] / sub))
        return total

    def wait(self, users: Sequence[str], target: int, timeout: float,
             check: Callable[[], None] = lambda: None) -> float:
        """time.time() once the users' INBOXes hold `target` messages in all; `check` may
        raise to stop waiting (the judge died)."""
        deadline = time.monotonic() + timeout
        while True:
            check()
            found = self.delivered(users)
            if found >= target:
                end = time.time()
                found = self.count(users)
                if found >= target:
                    return end if found == target else _too_many(users, found, target)
            if time.monotonic() > deadline:
                raise TimeoutError(f"{', '.join(users)}: {found} of {target} messages after "
                                   f"{timeout} s")
            time.sleep(POLL_SECONDS)

    def close(self) -> None:
        for client in self._clients.values():
            client.logout()
        self._clients.clear()


def _too_many(users: Sequence[str], found: int, target: int) -> float:
    # More replies than messages means the judge mailed something else meanwhile (a notice,
    # an early adjudication): the run would not measure what it claims to.
    raise RuntimeError(f"{', '.join(users)}: {found} messages, {target} expected")
