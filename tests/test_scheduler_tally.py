"""The scheduler's tally (issue #18): what a worker's sweeps cost, logged when it stops,
so that a storm's figures can be explained (bench/storm.py reads the line)."""

from __future__ import annotations

import logging
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from judge.store.db import Database
from judge.store.repo_games import locked_game
from judge.turns.scheduler import JudgeScheduler, Tally
from tests.conversations.deadlines import DEADLINE, HOLDS, Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from storm_account import tallies


def _due_game(db: Database, name: str = "alpha") -> tuple[Table, int]:
    table = Table(db, name)
    table.order(*HOLDS)
    table.clock.set(DEADLINE + timedelta(minutes=5))
    with db.unit_of_work() as session:
        return table, table.game(session).id


def test_each_wake_is_counted_with_its_wall_and_cpu(database: Database) -> None:
    table, game_id = _due_game(database)
    scheduler = JudgeScheduler(table.talk.judge)
    [done] = scheduler.wake(game_id)
    assert done.startswith("alpha S1901M: processed")
    scheduler.wake(game_id)  # nothing due any more: a sweep all the same
    tally = scheduler.tally
    assert (tally.sweeps, tally.busy) == (2, 0)
    # Processing a turn takes milliseconds of this thread's CPU; its wall includes them.
    assert 0 < tally.cpu <= tally.wall


def test_a_game_another_worker_holds_is_counted_busy(pg: Database) -> None:
    table, game_id = _due_game(pg)
    scheduler = JudgeScheduler(table.talk.judge)
    with pg.unit_of_work() as session:  # another worker has the game
        locked_game(session, table.game(session))
        assert scheduler.wake(game_id) == []
    assert (scheduler.tally.sweeps, scheduler.tally.busy) == (1, 1)
    assert scheduler.wake(game_id) != []
    assert (scheduler.tally.sweeps, scheduler.tally.busy) == (2, 1)


def test_the_tally_is_logged_at_shutdown_as_the_storm_bench_reads_it(
        database: Database, caplog: pytest.LogCaptureFixture) -> None:
    table, _ = _due_game(database)
    scheduler = JudgeScheduler(table.talk.judge)
    scheduler.start()
    scheduler.tally = Tally(sweeps=12, busy=3, moved=5, wall=4.25, cpu=1.5)
    with caplog.at_level(logging.INFO, logger="judge.turns.scheduler"):
        scheduler.shutdown()
    logged = [r.getMessage() for r in caplog.records if "sweeps" in r.getMessage()]
    assert logged == ["scheduler: 12 sweeps, 3 games found busy, 5 moved on by another, "
                      "4.25 s wall, 1.50 s CPU sweeping"]
    # The bench takes each worker's last line: this run's, not an earlier run's.
    log = ("scheduler: 1 sweeps, 0 games found busy, 0 moved on by another, 0.10 s wall, "
           "0.05 s CPU sweeping\n") + logged[0]
    older = "scheduler: 7 sweeps, 2 games found busy, 3.00 s wall, 1.25 s CPU sweeping"
    assert tallies([log, "no line", older]) == [
        {"sweeps": 12, "busy": 3, "moved": 5, "wall_s": 4.25, "cpu_s": 1.5},
        {"sweeps": 0, "busy": 0, "moved": 0, "wall_s": 0.0, "cpu_s": 0.0},
        {"sweeps": 7, "busy": 2, "moved": 0, "wall_s": 3.0, "cpu_s": 1.25}]
