"""The mail bench's clients: one SMTP connection that sends, IMAP connections that count."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from email.message import EmailMessage
from typing import Any

from tests.mailstack import MailStack

# Short against the bare servers' ~5 ms per message, cheap for Dovecot (STATUS reads the
# index): the error this adds to a run is at most one interval.
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
    """One logged-in IMAP connection per user, kept open across runs; STATUS to count."""

    def __init__(self, stack: MailStack, users: Iterable[str]) -> None:
        self._clients: dict[str, Any] = {user: stack.imap(user) for user in users}

    def count(self, users: Iterable[str]) -> int:
        total = 0
        for user in users:
            status = self._clients[user].folder_status("INBOX", [b"MESSAGES"])
            total += int(status[b"MESSAGES"])
        return total

    def wait(self, users: Sequence[str], target: int, timeout: float,
             check: Callable[[], None] = lambda: None) -> float:
        """time.time() once the users' INBOXes hold `target` messages in all; `check` may
        raise to stop waiting (the judge died)."""
        deadline = time.monotonic() + timeout
        while True:
            check()
            found = self.count(users)
            if found >= target:
                return time.time() if found == target else _too_many(users, found, target)
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
