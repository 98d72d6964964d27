"""An order set is stored by a plain INSERT (repo.submit_orders, issue #18): the row is the
one the ORM stored, the turn's current orders know it at once, and a savepoint rolled back
after it leaves nothing behind that the next submission could trip on (SQLite gives the
rolled-back row's id again)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from judge.store import repo
from judge.store.db import Database
from judge.store.models import Order

T0 = datetime(1901, 3, 1, 12, 0, tzinfo=UTC)


def test_the_row_stored_is_the_current_set(database: Database) -> None:
    with database.unit_of_work() as s:
        game = repo.create_game(s, name="stored", variant="standard")
        turn = repo.record_turn(s, game, phase="S1901M", position_before={})
        assert repo.latest_orders(s, turn) == {}
        repo.submit_orders(s, turn, "FRANCE", ["A Par-Bur"], submitted_at=T0)
        current = repo.latest_orders(s, turn)["FRANCE"]
        assert (current.lines, current.submitted_at) == (["A Par-Bur"], T0)
        turn_id = turn.id
    with database.unit_of_work() as s:
        rows = s.execute(sa.select(Order.turn_id, Order.power, Order.lines,
                                   Order.submitted_at, Order.inbox_id)).all()
        assert [tuple(r) for r in rows] == [(turn_id, "FRANCE", ["A Par-Bur"], T0, None)]


def test_after_a_rolled_back_savepoint(database: Database) -> None:
    with database.unit_of_work() as s:
        game = repo.create_game(s, name="undone", variant="standard")
        turn = repo.record_turn(s, game, phase="S1901M", position_before={})
        repo.submit_orders(s, turn, "FRANCE", ["A Par H"], submitted_at=T0)
        with pytest.raises(RuntimeError), s.begin_nested():
            repo.submit_orders(s, turn, "FRANCE", ["A Par-Pic"], submitted_at=T0)
            raise RuntimeError("the message failed")
        assert repo.latest_orders(s, turn)["FRANCE"].lines == ["A Par H"]
        repo.submit_orders(s, turn, "FRANCE", ["A Par-Bur"], submitted_at=T0)
        assert repo.latest_orders(s, turn)["FRANCE"].lines == ["A Par-Bur"]
    with database.unit_of_work() as s:
        assert sorted(s.scalars(sa.select(Order.lines))) == [["A Par H"], ["A Par-Bur"]]
