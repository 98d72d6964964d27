"""Where the judge's time goes in one run: each message's way through the judge, from the
judge's own records (inbox, outbox) and its log, read after the run.

    sent (bench, SMTP) -> stored (poller: inbox.received_at) -> queued (worker: the reply's
    outbox.created_at, inside the message's transaction) -> sent (sender: outbox.sent_at)
    -> readable (bench, IMAP; only the last one is known)
"""

from __future__ import annotations

import itertools
import re
import statistics
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from judge.store import repo_inbox, repo_mail
from judge.store.db import Database

# judge serve's log format (judge/cli/daemon.py): local time, milliseconds after a comma.
_POLL = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) INFO \[imap-poller\] "
                   r"judge\.mail\.(?:inbound\.)?poller: imap: stored (\d+) message", re.MULTILINE)


@dataclass(frozen=True)
class Trace:
    """One message and its reply, as epoch seconds."""

    sent: float
    stored: float
    queued: float
    delivered: float


@dataclass(frozen=True)
class Stages:
    traces: list[Trace]
    polls: list[tuple[float, int]]  # (time, messages stored) of each poll in the run
    start: float
    readable: float
    extra: int  # outbox messages that answer none of ours


def outbox_mark(url: str) -> int:
    """The newest outbox id now: the run's replies come after it."""
    db = Database(url)
    try:
        with db.unit_of_work() as session:
            return repo_mail.last_outbox_id(session)
    finally:
        db.dispose()


def read_stages(url: str, log: Path, mark: int, sent: dict[str, float],
                readable: float) -> Stages:
    traces, extra = [], 0
    db = Database(url)
    try:
        with db.unit_of_work() as session:
            for row in repo_mail.outbox_after(session, mark):
                inbox = repo_inbox.inbox_message(session, row.in_reply_to_id or 0)
                when = sent.get(inbox.message_id) if inbox is not None else None
                if inbox is None or when is None or row.sent_at is None:
                    extra += 1
                    continue
                traces.append(Trace(when, inbox.received_at.timestamp(),
                                    row.created_at.timestamp(), row.sent_at.timestamp()))
    finally:
        db.dispose()
    start = min(sent.values())
    polls = [(t, n) for t, n in _polls(log.read_text(errors="replace")) if start <= t <= readable]
    return Stages(traces, polls, start, readable, extra)


def _polls(text: str) -> list[tuple[float, int]]:
    return [(datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S,%f").timestamp(), int(count))
            for stamp, count in _POLL.findall(text)]


def stage_report(stages: Stages) -> list[str]:
    """The table of one run: each stage's first and last moment, wait and rate."""
    t, s0 = stages.traces, stages.start
    rows = [("accepted by Postfix (bench)", [x.sent for x in t], None),
            ("stored by the poller", [x.stored for x in t], [x.stored - x.sent for x in t]),
            ("reply queued by the worker", [x.queued for x in t],
             [x.queued - x.stored for x in t]),
            ("reply sent by the sender", [x.delivered for x in t],
             [x.delivered - x.queued for x in t])]
    lines = [f"{'stage':<30} {'first s':>8} {'last s':>8} {'median wait s':>14} "
             f"{'msgs/s':>8} {'median gap ms':>14}"]
    for name, moments, waits in rows:
        lines.append(f"{name:<30} {min(moments) - s0:>8.2f} {max(moments) - s0:>8.2f} "
                     f"{_median(waits):>14} {_rate(moments):>8} {_gap(moments):>14}")
    lines.append(f"{'all replies readable (bench)':<30} {'':>8} {stages.readable - s0:>8.2f}")
    sizes = ", ".join(str(n) for _, n in stages.polls)
    lines.append(f"polls that stored mail: {len(stages.polls)} (messages each: {sizes})")
    if stages.extra:
        lines.append(f"other outbox messages meanwhile: {stages.extra}")
    return lines


def _median(values: list[float] | None) -> str:
    return f"{statistics.median(values):.2f}" if values else "-"


def _rate(moments: list[float]) -> str:
    span = max(moments) - min(moments)
    return f"{(len(moments) - 1) / span:.1f}" if span > 0 else "-"


def _gap(moments: list[float]) -> str:
    """The median time between two consecutive events: a stage's cost per message when
    it has a backlog."""
    ordered = sorted(moments)
    gaps = [b - a for a, b in itertools.pairwise(ordered)]
    return f"{statistics.median(gaps) * 1000:.1f}" if gaps else "-"
