"""The storm's turns in-process (bench/storm.py's set-up, no servers): every report queued
once, and a turn's reports reading their recipients in a fixed number of statements
(issue #18: each recipient's account and addresses were read one by one)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import storm_games

from judge.app import Judge, build_judge
from judge.config import Settings
from judge.game import order_sets
from judge.game.clock import ManualClock
from judge.store import repo_games
from judge.store.db import Database, upgrade
from judge.store.models import Game, OutboxMessage, Turn
from judge.turns import process, seat_reports
from judge.turns import scheduler as scheduler_module
from judge.turns.deadlines import next_wakeups, sweep, sweep_one
from judge.turns.scheduler import JudgeScheduler
from judge.variant import Variant
from tests.statements import statements_on


@pytest.fixture
def storm_db(sqlite_url: str) -> Iterator[Database]:
    upgrade(sqlite_url)
    db = Database(sqlite_url)
    storm_games.set_up(db, 3, "example.test")
    yield db
    db.dispose()


def _judge(db: Database, clock: ManualClock) -> Judge:
    """The storm's judge on `db`, at `clock`'s time."""
    return build_judge(Settings(database_url=str(db.url), judge_address="judge@example.test",
                                domain="example.test"), clock, db)


@contextmanager
def selects_from(db: Database) -> Iterator[Counter[str]]:
    """SELECT statements run on `db` while the block runs, by their first table."""
    seen: Counter[str] = Counter()
    with statements_on(db.engine, lambda s: s.split()[0] == "SELECT") as selects:
        yield seen
        seen.update(words[words.index("FROM") + 1] for words in map(str.split, selects))


def test_every_report_is_queued_once_reading_accounts_in_two_statements(
        storm_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    deadline = datetime.now(UTC) + timedelta(seconds=1)
    storm_games.set_deadline(storm_db, deadline)
    clock = ManualClock(deadline + timedelta(seconds=5))
    judge = _judge(storm_db, clock)
    selects: list[Counter[str]] = []
    send = seat_reports.send_turn_reports

    def counted(*args: Any, **kwargs: Any) -> None:
        with selects_from(storm_db) as seen:
            send(*args, **kwargs)
        selects.append(seen)

    monkeypatch.setattr(process, "send_turn_reports", counted)
    with storm_db.unit_of_work() as session:
        sweep(session, clock, judge.postman)
    assert len(selects) == 3
    for seen in selects:
        assert seen["accounts"] == 1 and seen["account_addresses"] == 1, seen
    with storm_db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage)).all()
        recipients = Counter(r.recipients[0] for r in rows)
    # 3 games x (7 players + the master), each report once
    assert len(rows) == 24
    assert set(recipients.values()) == {3} and len(recipients) == 8


def test_the_storm_games_wait_for_their_deadline(storm_db: Database) -> None:
    # Complete orders alone would be processed by the first sweep, as a worker starts:
    # the storm would then be timed from before its deadline.
    deadline = datetime.now(UTC) + timedelta(minutes=5)
    storm_games.set_deadline(storm_db, deadline)
    clock = ManualClock(deadline - timedelta(seconds=1))
    judge = _judge(storm_db, clock)
    with storm_db.unit_of_work() as session:
        sweep(session, clock, judge.postman)
    assert storm_games.count_rows(storm_db) == (0, 0)
    clock.set(deadline)
    with storm_db.unit_of_work() as session:
        sweep(session, clock, judge.postman)
    assert storm_games.count_rows(storm_db) == (3, 24)


def test_a_storm_turn_reads_its_game_and_orders_once(storm_db: Database) -> None:
    # The sweep takes the game's lock and reads the turn under it; the turn's processing
    # asked for the lock again, and so read the game, its open turn, seats and orders a
    # second time (issue #18: each a round trip to PostgreSQL, in every turn of a storm).
    deadline = datetime.now(UTC) + timedelta(seconds=1)
    storm_games.set_deadline(storm_db, deadline)
    clock = ManualClock(deadline + timedelta(seconds=5))
    judge = _judge(storm_db, clock)
    with storm_db.unit_of_work() as session:
        game_id = min(repo_games.game_ids_in_play(session))
    with selects_from(storm_db) as seen:
        done = sweep_one(storm_db, game_id, clock, judge.postman, busy=set())
    assert [line.split(": ", 1)[1] for line in done] == [
        "processed (the deadline passed with every power's orders complete)"]
    assert (seen["games"], seen["orders"], seen["seats"]) == (1, 1, 1), seen


def test_a_storm_turn_reads_its_order_sets_once_before_processing(
        storm_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    # At the deadline the sweep asks whether the turn is ready, whom it owes and who was
    # late: each read every power's set again (issue #18: three readings a turn).
    deadline = datetime.now(UTC) + timedelta(seconds=1)
    storm_games.set_deadline(storm_db, deadline)
    clock = ManualClock(deadline + timedelta(seconds=5))
    judge = _judge(storm_db, clock)
    with storm_db.unit_of_work() as session:
        game_id = min(repo_games.game_ids_in_play(session))
    readings: list[str] = []
    read = order_sets.latest_sets

    def counted(session: Session, variant: Variant, turn: Turn) -> Any:
        readings.append(turn.phase)
        return read(session, variant, turn)

    monkeypatch.setattr(order_sets, "latest_sets", counted)
    done = sweep_one(storm_db, game_id, clock, judge.postman, busy=set())
    assert [line.split(": ", 1)[1] for line in done] == [
        "processed (the deadline passed with every power's orders complete)"]
    assert readings == ["S1901M"]


@contextmanager
def transactions_on(db: Database) -> Iterator[list[str]]:
    """The transactions begun on `db` while the block runs (SQLite: BEGIN IMMEDIATE)."""
    with statements_on(db.engine, lambda s: s.startswith("BEGIN")) as begun:
        yield begun


def test_a_storm_turn_is_one_transaction_with_its_next_wakeup(
        storm_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    # The date job's sweep committed, then the game's next moment was read in a second
    # transaction: on SQLite a second turn at the writer lock for every turn of a storm,
    # the senders' records queued between the two (issue #18).
    deadline = datetime.now(UTC) + timedelta(seconds=1)
    storm_games.set_deadline(storm_db, deadline)
    clock = ManualClock(deadline + timedelta(seconds=5))
    # Not started: its own date jobs would sweep the storm's games beside the test's.
    scheduler = JudgeScheduler(_judge(storm_db, clock), sweep_every=timedelta(hours=1))
    read_apart: list[object] = []

    def next_wakeups_apart(*args: object) -> list[tuple[int, datetime]]:
        read_apart.append(args)
        return []

    monkeypatch.setattr(scheduler_module, "next_wakeups", next_wakeups_apart)
    with storm_db.unit_of_work() as session:
        game_id = min(repo_games.game_ids_in_play(session))
    with transactions_on(storm_db) as begun:
        done = scheduler.wake(game_id)
    assert [line.split(": ", 1)[1] for line in done] == [
        "processed (the deadline passed with every power's orders complete)"]
    assert begun == ["BEGIN IMMEDIATE"] and read_apart == []
    assert scheduler.queue() == [game_id]  # planned again, at the moment the sweep read


def test_a_sweep_gives_its_games_next_moment_as_next_wakeups_reads_it(
        storm_db: Database) -> None:
    deadline = datetime.now(UTC) + timedelta(seconds=1)
    storm_games.set_deadline(storm_db, deadline)
    clock = ManualClock(deadline + timedelta(seconds=5))
    judge = _judge(storm_db, clock)
    with storm_db.unit_of_work() as session:
        first, second = sorted(repo_games.game_ids_in_play(session))[:2]
    moments: dict[int, datetime | None] = {}
    sweep_one(storm_db, first, clock, judge.postman, busy=set(), wakeups=moments)
    assert moments == dict(next_wakeups(storm_db, [first]))
    ((_, moment),) = moments.items()
    assert moment is not None and moment > clock.now()  # the next turn's, not the last
    # A game whose sweep fails is left out: its moment is read afresh after.
    with storm_db.unit_of_work() as session:
        session.execute(sa.update(Game).where(Game.id == second)
                        .values(deadline_settings={"nmr": "no such policy"}))
    assert "sweep failed" in " ".join(
        sweep_one(storm_db, second, clock, judge.postman, busy=set(), wakeups=moments))
    assert second not in moments
