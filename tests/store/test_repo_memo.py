"""The reads messages make again (the open turn, the turn's current orders) are made once
per transaction, across the worker's savepoints (one per message), stay right through the
repository's own writes, and are read again after the game's lock is taken or a savepoint
rolled back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.orm import Session

from judge.store import repo, repo_games
from judge.store.db import Database
from judge.store.models import Game, Order, Turn
from tests.statements import statements_on

T0 = datetime(1901, 3, 1, 12, 0, tzinfo=UTC)


@contextmanager
def selects_on(session: Session, table: str) -> Iterator[list[str]]:
    """The SELECT statements run on `table` inside the block."""
    engine = session.get_bind()
    assert isinstance(engine, sa.engine.Engine)
    with statements_on(engine, lambda s: s.lstrip().upper().startswith("SELECT")
                       and f"FROM {table}" in s) as seen:
        yield seen


def _game_with_turn(database: Database) -> tuple[int, int]:
    with database.unit_of_work() as s:
        game = repo.create_game(s, name="memo", variant="standard")
        turn = repo.record_turn(s, game, phase="S1901M", position_before={})
        repo.submit_orders(s, turn, "FRANCE", ["A Par-Bur"], submitted_at=T0)
        return game.id, turn.id


def _lines(orders: dict[str, Order]) -> dict[str, list[str]]:
    return {power: list(order.lines) for power, order in orders.items()}


def _insert_behind_its_back(s: Session, turn_id: int, power: str, lines: list[str],
                            at: datetime) -> None:
    # What another worker's committed submission looks like to this session: a row the
    # repository did not write.
    s.execute(sa.insert(Order).values(turn_id=turn_id, power=power, lines=lines,
                                      submitted_at=at))


def test_orders_read_once_and_kept_current_by_submissions(database: Database) -> None:
    _, turn_id = _game_with_turn(database)
    with database.unit_of_work() as s, s.begin_nested():
        turn = s.get(Turn, turn_id)
        assert turn is not None
        with selects_on(s, "orders") as seen:
            first = repo.latest_orders(s, turn)
            repo.submit_orders(s, turn, "FRANCE", ["A Par-Pic"], submitted_at=T0 + timedelta(1))
            repo.submit_orders(s, turn, "ENGLAND", ["F Lon-Nth"], submitted_at=T0 + timedelta(2))
            # Dated before England's current set (a clock set back): it is history, not
            # the current set, as latest_orders' ORDER BY submitted_at says.
            repo.submit_orders(s, turn, "ENGLAND", ["F Lon H"], submitted_at=T0)
            then = repo.latest_orders(s, turn)
        assert len(seen) == 1
        assert _lines(first) == {"FRANCE": ["A Par-Bur"]}
        assert _lines(then) == {"FRANCE": ["A Par-Pic"], "ENGLAND": ["F Lon-Nth"]}
        assert list(then) == ["ENGLAND", "FRANCE"]  # by power, as from the database
    with database.unit_of_work() as s:
        turn = s.get(Turn, turn_id)
        assert turn is not None
        assert _lines(repo.latest_orders(s, turn)) == {"FRANCE": ["A Par-Pic"],
                                                      "ENGLAND": ["F Lon-Nth"]}


def test_the_game_lock_reads_again(database: Database) -> None:
    game_id, turn_id = _game_with_turn(database)
    with database.unit_of_work() as s:
        game, turn = s.get(Game, game_id), s.get(Turn, turn_id)
        assert game is not None and turn is not None
        with s.begin_nested():
            assert _lines(repo.latest_orders(s, turn)) == {"FRANCE": ["A Par-Bur"]}
            _insert_behind_its_back(s, turn_id, "FRANCE", ["A Par-Gas"], T0 + timedelta(1))
            assert _lines(repo.latest_orders(s, turn)) == {"FRANCE": ["A Par-Bur"]}
            repo_games.locked_game(s, game)
            assert _lines(repo.latest_orders(s, turn)) == {"FRANCE": ["A Par-Gas"]}


def test_the_next_savepoint_keeps_the_reads_of_the_one_before(database: Database) -> None:
    """Issue #18: the worker's next message in the batch reads neither the open turn nor
    its orders again. Nobody else writes them meanwhile: SQLite has one writer, and on
    PostgreSQL the transaction holds the game's lock (repo_games.lock_games_as_read)
    from the first message that read them until it commits."""
    game_id, turn_id = _game_with_turn(database)
    with database.unit_of_work() as s:
        game = s.get(Game, game_id)
        assert game is not None
        with selects_on(s, "orders") as orders_read, selects_on(s, "turns") as turns_read:
            for when, lines in ((1, ["A Par-Gas"]), (2, ["A Par-Pic"])):
                with s.begin_nested():
                    turn = repo_games.current_turn(s, game)
                    assert turn is not None and turn.id == turn_id
                    repo.latest_orders(s, turn)
                    repo.submit_orders(s, turn, "FRANCE", lines,
                                       submitted_at=T0 + timedelta(when))
            with s.begin_nested():
                open_turn = repo_games.current_turn(s, game)
                assert open_turn is not None
                assert _lines(repo.latest_orders(s, open_turn)) == {"FRANCE": ["A Par-Pic"]}
        assert (len(orders_read), len(turns_read)) == (1, 1)


def test_a_rolled_back_savepoint_leaves_nothing_behind(database: Database) -> None:
    _, turn_id = _game_with_turn(database)
    with database.unit_of_work() as s:
        turn = s.get(Turn, turn_id)
        assert turn is not None
        savepoint = s.begin_nested()
        repo.latest_orders(s, turn)
        repo.submit_orders(s, turn, "FRANCE", ["A Par-Pic"], submitted_at=T0 + timedelta(1))
        savepoint.rollback()
        with s.begin_nested():
            assert _lines(repo.latest_orders(s, turn)) == {"FRANCE": ["A Par-Bur"]}


def test_open_turn_read_once_and_followed_through_changes(database: Database) -> None:
    game_id, turn_id = _game_with_turn(database)
    with database.unit_of_work() as s, s.begin_nested():
        game = s.get(Game, game_id)
        assert game is not None
        with selects_on(s, "turns") as seen:
            first = repo_games.current_turn(s, game)
            again = repo_games.current_turn(s, game)
        assert len(seen) == 1
        assert first is not None and first is again and first.id == turn_id
        # The newest turn not processed is the open one, even beside an older one.
        fall = repo.record_turn(s, game, phase="F1901M", position_before={})
        assert repo_games.current_turn(s, game) is fall
        fall.processed_at = T0
        assert repo_games.current_turn(s, game) is first
        first.processed_at = T0  # both processed: none open until the next is stored
        assert repo_games.current_turn(s, game) is None
        winter = repo.record_turn(s, game, phase="W1901A", position_before={})
        assert repo_games.current_turn(s, game) is winter
        # ROLLBACK to Fall: the later turn goes and Fall is open again.
        repo_games.delete_turn(s, winter)
        fall.processed_at = None
        s.flush()
        assert repo_games.current_turn(s, game) is fall
