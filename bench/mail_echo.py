"""The mail bench's echo relay: the judge path's mail traffic without the judge.

It reads the echo mailbox over IMAP (BODY.PEEK[], 20 per FETCH, then \\Seen and a move, as
the poller does), mails an answer to each message's From over one SMTP connection to
Postfix (as the sender does), and polls every POLL_SECONDS instead of IDLE, so it sees
mail at once. Each order message thus costs the servers what it costs them through the
judge (two deliveries, a fetch and a move) while the relay itself does next to nothing:
its rate is the ceiling any judge can reach on this machine and these servers.

The answer is as long as the judge's reply to the same message (ANSWER_BYTES, its median
in this bench; `answer_bytes=0`: a three-line answer, as before): the issue asks for the
same traffic, and a delivery's cost to Postfix and Dovecot grows with the message.
"""

from __future__ import annotations

import re
import threading
import uuid
from typing import Any

from tests.mailstack import MailStack

ECHO_USER = "echo"
POLL_SECONDS = 0.02
FETCH = 20
# The judge's reply to one of this bench's order messages as it composes it: 834-891
# bytes for the six powers' sets (the Done lines, the orders list, the deadline), the
# signon path's the longer; as delivered (the servers' trace fields added to both) the
# token path's replies were 1,296 bytes and this answer 1,320 (the run prints both).
ANSWER_BYTES = 840
_FROM = re.compile(rb"^From:[^\n]*?([\w.+-]+@[\w.-]+)", re.MULTILINE | re.IGNORECASE)


class EchoRelay:
    """A thread that answers every message in the echo mailbox until stopped."""

    def __init__(self, stack: MailStack, answer_bytes: int = ANSWER_BYTES) -> None:
        self.stack = stack
        self.answer_bytes = answer_bytes
        self.address = stack.addr(ECHO_USER)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="echo", daemon=True)
        self.failure: BaseException | None = None

    def __enter__(self) -> EchoRelay:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(30)

    def _run(self) -> None:
        try:
            imap, smtp = self.stack.imap(ECHO_USER), self.stack.smtp()
            imap.select_folder("INBOX")
            if not imap.folder_exists("Processed"):
                imap.create_folder("Processed")
            while not self._stop.is_set():
                if not self._round(imap, smtp):
                    self._stop.wait(POLL_SECONDS)
            smtp.quit()
            imap.logout()
        except BaseException as exc:  # reported by the bench as the run's failure
            self.failure = exc

    def _round(self, imap: Any, smtp: Any) -> int:
        uids = sorted(imap.search(["UNDELETED"]))[:FETCH]
        if not uids:
            return 0
        for uid, item in imap.fetch(uids, ["BODY.PEEK[]"]).items():
            raw = bytes(item[b"BODY[]"])
            found = _FROM.search(raw.split(b"\r\n\r\n", 1)[0])
            if found:
                to = found.group(1).decode()
                smtp.sendmail(self.address, [to], self._answer(to, uid))
        imap.add_flags(uids, [b"\\Seen"])
        imap.move(uids, "Processed")
        return len(uids)

    def _answer(self, to: str, uid: int) -> bytes:
        answer = (f"From: {self.address}\r\nTo: {to}\r\nSubject: Re: orders {uid}\r\n"
                  f"Message-ID: <{uuid.uuid4().hex}@{self.stack.domain}>\r\n"
                  "Auto-Submitted: auto-replied\r\n\r\nOrders received.\r\n").encode()
        return answer + _filler(self.answer_bytes - len(answer))


def _filler(size: int) -> bytes:
    """`size` bytes of body lines (none if `size` < 2), each under 78 characters."""
    if size < 2:
        return b""
    line = b"x" * 70 + b"\r\n"
    whole, rest = divmod(size, len(line))
    return line * whole + (b"x" * (rest - 2) + b"\r\n" if rest >= 2 else b" " * rest)
