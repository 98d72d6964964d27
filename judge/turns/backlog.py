"""Turns first (issue #18): while a worker's scheduler has games' date jobs handed to its
sweeping thread and not yet run (a deadline storm), the worker's senders and picture stage
wait, so that the turns have the process and the cores to themselves until they are all
processed and their reports queued. The mail is the same mail, sent right after: on a
machine whose cores the sweeping thread, the senders, the picture stage, PostgreSQL and the
mail servers share, sending during the storm only stretched the turns (bench/README.md,
"turns first"). SQLite's single writer already worked this way, by its lock.

The wait is bounded: once the scheduler has been behind for `limit` seconds, the senders go
on until it has caught up, so that order replies are never held longer than that.
"""

from __future__ import annotations

import threading
import time
from datetime import timedelta

# APScheduler 3 ships no type information.
from apscheduler.events import (
    EVENT_JOB_ERROR,
    EVENT_JOB_EXECUTED,
    EVENT_JOB_MISSED,
    EVENT_JOB_SUBMITTED,
    JobEvent,
)

# The events that end a job handed to the executor (one per run: a coalesced job has one).
ENDED: int = EVENT_JOB_EXECUTED | EVENT_JOB_ERROR | EVENT_JOB_MISSED
LISTENED: int = EVENT_JOB_SUBMITTED | ENDED
# Never wait for the backlog longer than this at a time: stopping is looked at between.
STEP_SECONDS = 1.0


class Backlog:
    """The date jobs handed to the sweeping thread and not yet run, counted from
    APScheduler's events (`listen`): a submission is announced after the job store's lock
    is released, so a quick job may end before it is counted: the count may dip below
    zero for a moment, and a round of sending may slip through at a storm's first turn."""

    def __init__(self, limit: timedelta, *, ignored: str = "") -> None:
        self._limit = limit.total_seconds()
        self._ignored = ignored  # the periodic sweep's job id: a safety net, not a storm
        self._changed = threading.Condition()
        self._count = 0
        self._behind_since = 0.0

    @property
    def mask(self) -> int:
        return LISTENED

    def listen(self, event: JobEvent) -> None:
        if event.job_id == self._ignored:
            return
        with self._changed:
            was_behind = self._count > 0
            self._count += 1 if event.code == EVENT_JOB_SUBMITTED else -1
            if self._count > 0 and not was_behind:
                self._behind_since = time.monotonic()
            if self._count <= 0:
                self._changed.notify_all()

    def behind(self) -> bool:
        with self._changed:
            return self._count > 0

    def wait(self, stopping: threading.Event) -> None:
        """Return once no job is waiting, the limit is reached, or `stopping` is set."""
        with self._changed:
            while self._count > 0 and not stopping.is_set():
                left = self._behind_since + self._limit - time.monotonic()
                if left <= 0:
                    return
                self._changed.wait(min(left, STEP_SECONDS))

    def release(self) -> None:
        """Wake every waiter (the judge stops)."""
        with self._changed:
            self._changed.notify_all()
