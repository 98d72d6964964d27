"""Every game's next moment read in a fixed number of statements (issue #18): a worker
plans every game again at its start, after each periodic sweep and after each batch of
mail it answers, and each game's open turn was read by itself (a thousand round trips for
a thousand games)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import sqlalchemy as sa

from judge.store.db import Database
from judge.turns.deadlines import next_wakeups
from tests.conversations.deadlines import DEADLINE, HOLDS, Table

GAMES = ("alpha", "beta", "gamma", "delta", "epsilon")


@contextmanager
def counted(db: Database) -> Iterator[list[str]]:
    seen: list[str] = []

    def note(_c: Any, _cur: Any, statement: str, *_rest: Any) -> None:
        seen.append(statement)

    sa.event.listen(db.engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        sa.event.remove(db.engine, "before_cursor_execute", note)


def test_every_games_next_moment_in_a_fixed_number_of_statements(database: Database) -> None:
    tables = [Table(database, name) for name in GAMES]
    # Not all alike: past the deadline every game is in grace (its next moment the
    # grace's end); then one has all its orders and is processed (a new turn, an older
    # one behind it).
    tables[1].at(DEADLINE + timedelta(minutes=1))
    tables[2].order(*HOLDS)
    assert [line.split(": ")[0] for line in tables[2].sweep()] == ["gamma S1901M"]
    one_by_one = sorted(found for table in tables for found in _alone(database, table))
    with counted(database) as seen:
        together = next_wakeups(database)
    assert sorted(together) == one_by_one and len(together) == len(GAMES)
    assert len(seen) <= 3, seen  # the games, their open turns (SQLite: and BEGIN)


def _alone(database: Database, table: Table) -> list[tuple[int, Any]]:
    with database.unit_of_work() as session:
        game_id = table.game(session).id
    return next_wakeups(database, {game_id})
