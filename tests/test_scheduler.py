"""The scheduler wakes the judge: a real BackgroundScheduler over a ManualClock-driven judge.

No timed assertions: a test waits (generously) for the sweep it expects to be reported.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from judge.store.db import Database
from judge.turns.scheduler import JudgeScheduler
from tests.conversations.deadlines import DEADLINE, HOLDS, Table

PATIENCE = 60  # seconds: only a broken scheduler takes this long


class Heard:
    """What the scheduler's sweeps reported, and a way to wait for a line."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._changed = threading.Condition()

    def __call__(self, done: list[str]) -> None:
        with self._changed:
            self.lines += done
            self._changed.notify_all()

    def wait_for(self, text: str) -> str:
        with self._changed:
            found = self._changed.wait_for(
                lambda: next((line for line in self.lines if text in line), None),
                timeout=PATIENCE)
        assert found, f"no sweep reported {text!r}; heard {self.lines}"
        return found


@pytest.fixture
def heard() -> Heard:
    return Heard()


@pytest.fixture
def running() -> Iterator[list[JudgeScheduler]]:
    """Schedulers a test starts; shut down whatever happens."""
    started: list[JudgeScheduler] = []
    yield started
    for scheduler in started:
        scheduler.shutdown()


def _start(table: Table, heard: Heard, running: list[JudgeScheduler],
           every: timedelta = timedelta(minutes=5)) -> JudgeScheduler:
    scheduler = JudgeScheduler(table.talk.judge, sweep_every=every, on_sweep=heard)
    running.append(scheduler)
    scheduler.start()
    return scheduler


def test_a_deadline_already_past_at_start_is_swept_at_once(
        database: Database, heard: Heard, running: list[JudgeScheduler]) -> None:
    table = Table(database)
    table.order(*HOLDS)
    with database.unit_of_work() as session:
        next(s for s in table.game(session).seats if s.power == "ITALY").waiting = True
    table.clock.set(DEADLINE + timedelta(minutes=5))
    scheduler = _start(table, heard, running)
    assert heard.wait_for("processed").startswith("alpha S1901M: processed")
    with database.unit_of_work() as session:
        turn = table.turn(session)
        assert turn.phase == "F1901M"
        game_id = table.game(session).id
    # Re-planned from the database: the new turn's first moment, its reminder 24 hours
    # before a deadline 72 hours away, so 48 hours from the wall clock now.
    wake = scheduler.planned()[game_id]
    assert timedelta(hours=47) < wake - datetime.now(UTC) <= timedelta(hours=48)


def test_start_plans_one_job_per_game_at_its_next_moment(
        database: Database, heard: Heard, running: list[JudgeScheduler]) -> None:
    alpha, beta = Table(database), Table(database, name="beta")
    beta.clock.set(alpha.clock.now())
    with database.unit_of_work() as session:
        ids = [alpha.game(session).id, beta.game(session).id]
        beta.turn(session).deadline = DEADLINE + timedelta(hours=1)
        beta.turn(session).notices = {"reminders": [0]}
    before = datetime.now(UTC)
    scheduler = _start(alpha, heard, running)
    after = datetime.now(UTC)
    planned = scheduler.planned()
    assert set(planned) == set(ids)
    reminder = DEADLINE - timedelta(hours=24) - alpha.clock.now()  # 48 hours away
    assert before + reminder <= planned[ids[0]] <= after + reminder
    deadline = DEADLINE + timedelta(hours=1) - alpha.clock.now()
    assert before + deadline <= planned[ids[1]] <= after + deadline
    assert heard.lines == []  # nothing was due, nothing ran


def test_the_periodic_sweep_catches_a_deadline_no_job_woke(
        database: Database, heard: Heard, running: list[JudgeScheduler]) -> None:
    table = Table(database)
    table.order(*HOLDS)
    with database.unit_of_work() as session:
        next(s for s in table.game(session).seats if s.power == "ITALY").waiting = True
    _start(table, heard, running, every=timedelta(seconds=0.2))
    # The deadline passes on the judge's clock while its job waits days on the wall clock.
    table.clock.set(DEADLINE + timedelta(minutes=5))
    heard.wait_for("alpha S1901M: processed")


def test_a_game_the_sweep_cannot_move_is_not_woken_in_a_loop(
        database: Database, heard: Heard, running: list[JudgeScheduler]) -> None:
    table = Table(database)
    with database.unit_of_work() as session:
        game_id = table.game(session).id
        # An unreadable board: every sweep of this game fails, yet its deadline is due.
        table.turn(session).position_before = {"bogus": True}
        table.turn(session).deadline = table.clock.now() - timedelta(minutes=5)
    scheduler = _start(table, heard, running)
    heard.wait_for(f"game {game_id}: sweep failed")
    assert game_id not in scheduler.planned()  # left to the periodic sweep
    scheduler.replan()  # as after a mail: the moment has not changed, still left alone
    assert game_id not in scheduler.planned()
    assert len(heard.lines) == 1
    with database.unit_of_work() as session:
        table.turn(session).deadline = table.clock.now() + timedelta(hours=1)
    scheduler.replan()  # a new deadline (the master's): planned again
    assert game_id in scheduler.planned()
