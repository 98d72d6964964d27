"""Crash points for the crash tests: the process kills itself where JUDGE_FAULT says.

    faults.point("inbox-stored")   # SIGKILL here when JUDGE_FAULT=inbox-stored

A no-op unless the variable names the point, checked once per call (a dictionary lookup):
the crash tests (tests/integration/test_crash.py) start `judge serve` with it to prove
that a kill at that moment loses nothing and repeats nothing.
"""

from __future__ import annotations

import os
import signal

FAULT_ENV = "JUDGE_FAULT"
POINTS = (
    "inbox-before-commit",  # a received message stored, its transaction not yet committed
    "inbox-after-commit",  # committed, not yet flagged on the IMAP server / answered 250
    "process-before-commit",  # commands run and reply queued, not yet committed
    "outbox-claimed",  # a message claimed for sending, not yet handed to the relay
    "outbox-relayed",  # the relay took a message, its delivery not yet journaled
    "outbox-after-first",  # one message sent and journaled (or recorded), the rest not
    "outbox-drawn",  # a file the sender draws (a turn's PNG) drawn and stored, not yet sent
)


def point(name: str) -> None:
    if os.environ.get(FAULT_ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)
