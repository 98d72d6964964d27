"""ROLLBACK and ROLLFORWARD in judge.game.rollback, on both backends: what a rollback
deletes, keeps and reopens, and the replay that undoes it (by mail: test_rollback_mail.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import Session

from judge.engine.types import Phase
from judge.game.errors import GameError
from judge.game.games import find_game
from judge.game.lifecycle import create_game, join_game, start_game
from judge.game.mastering import end_game
from judge.game.rollback import last_plan, rollback
from judge.store import repo
from judge.store.db import Database
from judge.store.models import (
    Account,
    FutureOrder,
    Game,
    GameState,
    Order,
    Press,
    SeatRole,
    Turn,
)
from judge.store.repo_games import current_turn, turns_of
from judge.turns.process import process_and_report
from judge.turns.replay import rollforward
from tests.conversations.harness import Conversation


class Game1901:
    """Standard game `alpha`, started, with the means to order and process by hand."""

    def __init__(self, database: Database) -> None:
        self.talk = Conversation(database)
        self.db, self.clock, self.postman = database, self.talk.clock, self.talk.judge.postman
        with database.unit_of_work() as session:
            master = repo.create_account(session, name="GM", address="gm@x.org")
            self.master_id = master.id
            game = create_game(session, name="alpha", password="pw", variant="standard",
                               master=master)
            for n in range(7):
                account = repo.create_account(session, name=f"P{n}", address=f"p{n}@x.org")
                join_game(session, game, account, "pw", [])
            start_game(session, game, self.clock, random.Random(1))

    @contextmanager
    def session(self) -> Iterator[tuple[Session, Game]]:
        with self.db.unit_of_work() as session:
            yield session, find_game(session, "alpha")

    def order(self, power: str, *lines: str) -> None:
        with self.session() as (session, game):
            turn = current_turn(session, game)
            assert turn is not None
            repo.submit_orders(session, turn, power, lines, submitted_at=self.clock.now())

    def process(self) -> None:
        with self.session() as (session, game):
            process_and_report(session, game, self.clock, self.postman)

    def rollback(self, target: str | None = None) -> list[str]:
        with self.session() as (session, game):
            master = session.get(Account, self.master_id)
            _, removed = rollback(session, game, self.clock, master,
                                  Phase.parse(target) if target else None)
            return removed

    def rollforward(self) -> list[str]:
        with self.session() as (session, game):
            return rollforward(session, game, self.clock, self.postman, None)

    def turns(self) -> list[tuple[str, bool]]:
        with self.session() as (session, game):
            return [(t.phase, t.processed_at is not None) for t in turns_of(session, game)]

    def count(self, model: type[Order] | type[Turn] | type[FutureOrder]) -> int:
        with self.session() as (session, _):
            return int(session.scalar(sa.select(sa.func.count()).select_from(model)) or 0)


@pytest.fixture
def game(database: Database) -> Game1901:
    return Game1901(database)


def test_rollback_deletes_later_turns_and_keeps_their_orders_ahead(game: Game1901) -> None:
    game.order("FRANCE", "A par-bur")
    game.process()
    game.order("FRANCE", "A bur-mun")
    game.order("FRANCE", "A bur-bel")  # the later submission is the one kept
    game.order("GERMANY", "A mun-ruh")
    assert game.count(Order) == 4
    assert game.rollback() == ["F1901M"]
    assert game.turns() == [("S1901M", False)]
    assert game.count(Order) == 1  # S1901M's own submission stays
    with game.session() as (session, alpha):
        rows = session.scalars(sa.select(FutureOrder).order_by(FutureOrder.power)).all()
        assert [(r.phase, r.power, r.lines) for r in rows] == [
            ("F1901M", "FRANCE", ["A bur-bel"]), ("F1901M", "GERMANY", ["A mun-ruh"])]
        turn = current_turn(session, alpha)
        assert turn is not None
        assert (turn.position_after, turn.events, turn.processed_at) == (None, None, None)


def test_a_rollback_deadline_comes_from_the_schedule(game: Game1901) -> None:
    game.process()
    game.clock.advance(timedelta(hours=5))
    game.rollback("S1901M")
    with game.session() as (session, alpha):
        turn = current_turn(session, alpha)
        assert turn is not None and turn.deadline == game.clock.now() + timedelta(hours=72)


def test_press_of_a_deleted_turn_is_kept(game: Game1901) -> None:
    game.process()
    with game.session() as (session, alpha):
        turn = current_turn(session, alpha)
        master_seat = next(s for s in alpha.seats if s.role == SeatRole.MASTER)
        session.add(Press(game_id=alpha.id, turn_id=turn.id if turn else None,
                          sender_seat_id=master_seat.id, recipients=["FRANCE"], body="hi"))
    game.rollback()
    with game.session() as (session, _):
        press = session.scalars(sa.select(Press)).one()
        assert (press.body, press.turn_id) == ("hi", None)


def test_rollforward_replays_and_takes_the_orders_back(game: Game1901) -> None:
    game.order("FRANCE", "A par-bur")
    game.process()
    game.order("FRANCE", "A bur-bel")
    with game.session() as (session, alpha):
        before = [(t.phase, t.position_before, t.position_after) for t in turns_of(session, alpha)]
    game.rollback()
    assert game.rollforward() == ["S1901M"]
    with game.session() as (session, alpha):
        assert [(t.phase, t.position_before, t.position_after)
                for t in turns_of(session, alpha)] == before
        turn = current_turn(session, alpha)
        assert turn is not None
        assert {p: o.lines for p, o in repo.latest_orders(session, turn).items()} == {
            "FRANCE": ["A bur-bel"]}
    assert game.count(FutureOrder) == 0
    with pytest.raises(GameError, match="there is no ROLLBACK of alpha to undo"):
        game.rollforward()


def test_the_rollback_record_names_what_to_replay(game: Game1901) -> None:
    game.process()
    game.process()  # F1901M: nothing ordered, so no retreats nor builds: S1902M next
    assert game.turns() == [("S1901M", True), ("F1901M", True), ("S1902M", False)]
    game.rollback("F1901M")
    game.rollback("S1901M")  # before anything moved on: one plan for both
    with game.session() as (session, alpha):
        plan = last_plan(session, alpha)
        assert plan is not None
        assert (plan.to, plan.replay, plan.open) == ("S1901M", ("S1901M", "F1901M"), "S1902M")
    assert game.rollforward() == ["S1901M", "F1901M"]
    assert game.turns() == [("S1901M", True), ("F1901M", True), ("S1902M", False)]


def test_a_finished_game_rolled_back_is_played_on(game: Game1901) -> None:
    game.process()
    with game.session() as (session, alpha):
        end_game(session, alpha, "solo", ["FRANCE"], game.clock.now())
    game.rollback()
    with game.session() as (_, alpha):
        assert (alpha.state, alpha.result) == (GameState.ACTIVE, None)


def test_rollback_refusals_change_nothing(database: Database) -> None:
    game = Game1901(database)
    with pytest.raises(GameError, match="no phase of alpha has been processed yet"):
        game.rollback()
    game.process()
    with pytest.raises(GameError, match="F1901M is not a processed phase of alpha"):
        game.rollback("F1901M")
    assert game.turns() == [("S1901M", True), ("F1901M", False)]
    with pytest.raises(GameError, match="there is no ROLLBACK of alpha to undo"):
        game.rollforward()
