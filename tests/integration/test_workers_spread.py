"""Workers on one PostgreSQL database share a storm out (issue #18): each goes round the
games from its own start, so at one deadline no worker queues for a game another holds.

The workers are stepped in lockstep, each step every worker at its next game and the first
one's lock held while the others come to theirs: the busy hits are counted, not timed.
"""

from __future__ import annotations

from datetime import timedelta

from judge.store.db import Database
from judge.turns.deadlines import CIRCLE, sweep_game, sweep_one
from judge.turns.scheduler import JudgeScheduler
from tests.conversations.deadlines import DEADLINE, HOLDS, Table

GAMES = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")


def _tables(db: Database) -> list[Table]:
    """Games with every order in and one deadline; their clocks before it."""
    tables = [Table(db, name) for name in GAMES]
    for table in tables:
        table.order(*HOLDS)
    return tables


def _queues(table: Table, *starts: int) -> list[list[int]]:
    """The order each worker's date jobs would run in, one worker per start."""
    queues = []
    for start in starts:
        scheduler = JudgeScheduler(table.talk.judge, start=start)
        scheduler.start()  # every game's next moment is its reminder, 48 hours away
        try:
            queues.append(scheduler.queue())
        finally:
            scheduler.shutdown()
    return queues


def _lockstep(tables: list[Table], queues: list[list[int]]) -> tuple[set[int], list[str]]:
    """The games the later workers found busy, and every line the sweeps reported."""
    judge = tables[0].talk.judge
    busy: set[int] = set()
    done: list[str] = []
    for step in zip(*queues, strict=True):
        first, *others = step
        with judge.db.unit_of_work() as session:  # the first worker holds its game
            done += sweep_game(session, first, judge.clock, judge.postman, skip_busy=True)
            for game_id in others:
                done += sweep_one(judge.db, game_id, judge.clock, judge.postman, busy=busy)
    return busy, done


def _past_deadline(tables: list[Table]) -> None:
    for table in tables:
        table.clock.set(DEADLINE + timedelta(minutes=5))


def test_two_workers_from_their_own_starts_never_meet_a_busy_game(pg: Database) -> None:
    tables = _tables(pg)
    queues = _queues(tables[0], 0, CIRCLE // 2)
    assert sorted(queues[0]) == sorted(queues[1]) and len(queues[0]) == len(GAMES)
    # One order round the circle, from two starts.
    shift = queues[1].index(queues[0][0])
    assert shift != 0 and queues[1][shift:] + queues[1][:shift] == queues[0]
    _past_deadline(tables)
    busy, done = _lockstep(tables, queues)
    assert busy == set()
    # Every deadline fired once: each game processed by one worker, none missed.
    assert sorted(line.split(":")[0] for line in done if "processed" in line) == sorted(
        f"{name} S1901M" for name in GAMES)


def test_workers_from_one_start_find_every_game_busy(pg: Database) -> None:
    """The control: the order every worker had before issue #18, one for all."""
    tables = _tables(pg)
    queues = _queues(tables[0], 7, 7)
    assert queues[0] == queues[1]
    _past_deadline(tables)
    busy, done = _lockstep(tables, queues)
    assert busy == set(queues[0])
    assert len([line for line in done if "processed" in line]) == len(GAMES)
