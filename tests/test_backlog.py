"""The scheduler's backlog (judge/turns/backlog.py): date jobs handed to the sweeping
thread and not yet run, counted from APScheduler's events; what the senders wait for."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

from apscheduler.events import (
    EVENT_JOB_ERROR,
    EVENT_JOB_EXECUTED,
    EVENT_JOB_MISSED,
    EVENT_JOB_SUBMITTED,
    JobEvent,
)

from judge.turns.backlog import Backlog


def _event(code: int, job_id: str = "game-1") -> JobEvent:
    return JobEvent(code, job_id, "default")


def _waited(backlog: Backlog, stopping: threading.Event | None = None) -> float:
    started = time.monotonic()
    backlog.wait(stopping or threading.Event())
    return time.monotonic() - started


def test_each_submitted_job_counts_until_it_ends_however_it_ends() -> None:
    backlog = Backlog(timedelta(seconds=60))
    for _ in range(3):
        backlog.listen(_event(EVENT_JOB_SUBMITTED))
    for code in (EVENT_JOB_EXECUTED, EVENT_JOB_ERROR):
        backlog.listen(_event(code))
        assert backlog.behind()
    backlog.listen(_event(EVENT_JOB_MISSED))
    assert not backlog.behind()
    assert _waited(backlog) < 0.5


def test_a_job_that_ends_before_its_submission_is_announced_leaves_no_backlog() -> None:
    # APScheduler announces a submission after its job store's lock is let go: a quick
    # job's end may come first.
    backlog = Backlog(timedelta(seconds=60))
    backlog.listen(_event(EVENT_JOB_EXECUTED))
    assert not backlog.behind()
    backlog.listen(_event(EVENT_JOB_SUBMITTED))
    assert not backlog.behind()
    assert _waited(backlog) < 0.5


def test_the_periodic_sweep_is_no_backlog() -> None:
    backlog = Backlog(timedelta(seconds=60), ignored="sweep")
    backlog.listen(_event(EVENT_JOB_SUBMITTED, "sweep"))
    assert not backlog.behind()


def test_a_waiter_goes_on_when_the_last_job_ends() -> None:
    backlog = Backlog(timedelta(seconds=60))
    backlog.listen(_event(EVENT_JOB_SUBMITTED))
    timer = threading.Timer(0.3, backlog.listen, [_event(EVENT_JOB_EXECUTED)])
    timer.start()
    assert 0.2 < _waited(backlog) < 5


def test_a_waiter_goes_on_once_the_backlog_is_older_than_the_limit() -> None:
    backlog = Backlog(timedelta(seconds=0.5))
    backlog.listen(_event(EVENT_JOB_SUBMITTED))
    assert 0.3 < _waited(backlog) < 5
    # The limit runs from when the backlog began, not from each wait.
    assert _waited(backlog) < 0.1
    assert backlog.behind()


def test_a_waiter_goes_on_when_the_judge_stops() -> None:
    backlog, stopping = Backlog(timedelta(seconds=600)), threading.Event()
    backlog.listen(_event(EVENT_JOB_SUBMITTED))
    timer = threading.Timer(0.3, stopping.set)
    timer.start()
    assert _waited(backlog, stopping) < 5


def test_a_new_backlog_gets_a_new_limit() -> None:
    backlog = Backlog(timedelta(seconds=0.3))
    backlog.listen(_event(EVENT_JOB_SUBMITTED))
    time.sleep(0.4)
    backlog.listen(_event(EVENT_JOB_EXECUTED))
    backlog.listen(_event(EVENT_JOB_SUBMITTED))
    assert _waited(backlog) > 0.2
