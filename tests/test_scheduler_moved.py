"""A worker's date job for a game another worker has moved on since (issue #18): at a
deadline every worker's jobs woke every game, and each game another worker had already
processed was swept all the same (its lock, its turn, its orders: a tenth of a turn's
CPU, once per game per extra worker). Now the wake sees the game's open turn is not the
one it planned from, does not sweep, and plans the game's next moment afresh."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from judge.store.db import Database
from judge.turns.deadlines import next_wakeups, sweep_one
from judge.turns.scheduler import JudgeScheduler
from tests.conversations.deadlines import HOLDS, Table


@contextmanager
def statements_on(db: Database) -> Iterator[list[str]]:
    seen: list[str] = []

    def note(_c: Any, _cur: Any, statement: str, *_rest: Any) -> None:
        seen.append(" ".join(statement.split()))

    sa.event.listen(db.engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        sa.event.remove(db.engine, "before_cursor_execute", note)


@pytest.fixture
def worker_a(database: Database) -> Iterator[tuple[Table, JudgeScheduler, int]]:
    """Game alpha, planned by worker A (started: its date job for alpha is two days off),
    then processed by another worker (its sweep, here called directly)."""
    table = Table(database)
    scheduler = JudgeScheduler(table.talk.judge)
    scheduler.start()
    try:
        with database.unit_of_work() as session:
            game_id = table.game(session).id
        assert game_id in scheduler.planned()
        table.order(*HOLDS)  # complete: due now, which A's plan does not know
        judge = table.talk.judge
        [line] = sweep_one(database, game_id, table.clock, judge.postman, busy=set())
        assert line.startswith("alpha S1901M: processed")
        yield table, scheduler, game_id
    finally:
        scheduler.shutdown()


def test_a_game_moved_on_by_another_worker_is_planned_afresh_not_swept(
        database: Database, worker_a: tuple[Table, JudgeScheduler, int]) -> None:
    table, scheduler, game_id = worker_a
    with statements_on(database) as seen:
        assert scheduler.wake(game_id) == []
    assert (scheduler.tally.sweeps, scheduler.tally.moved, scheduler.tally.busy) == (1, 1, 0)
    # No lock taken, no orders read: the game was not swept.
    assert not [s for s in seen if "FOR UPDATE" in s or "FROM orders" in s], seen
    [(_, moment)] = next_wakeups(database)
    wanted = datetime.now(UTC) + (moment - table.clock.now())
    assert abs(scheduler.planned()[game_id] - wanted) < timedelta(seconds=30)
    with database.unit_of_work() as session:
        assert table.turn(session).phase == "F1901M"


def test_a_moved_on_game_already_due_is_swept_at_once(
        database: Database, worker_a: tuple[Table, JudgeScheduler, int],
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    table, scheduler, game_id = worker_a
    swept, heard = threading.Event(), list[str]()
    with database.unit_of_work() as session:
        table.turn(session).deadline = table.clock.now() - timedelta(minutes=1)
    original = scheduler.wake

    def wake(game: int) -> list[str]:
        done = original(game)
        if done:
            heard.extend(done)
            swept.set()
        return done

    monkeypatch.setattr(scheduler, "wake", wake)  # the date jobs it plans from now on
    with caplog.at_level(logging.WARNING, logger="judge.turns.scheduler"):
        assert scheduler.wake(game_id) == []  # moved on: planned afresh, due now
        # A's own date job, at once, this time with the open turn it planned from.
        assert swept.wait(60), "the moved-on game, due now, was not swept"
    assert heard and heard[0].startswith("alpha F1901M: deadline passed"), heard
    assert not [r for r in caplog.records if "still due" in r.getMessage()]
