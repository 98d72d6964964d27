"""ROLLBACK and ROLLFORWARD on both backends: judge.game.rollback (what a rollback deletes,
keeps and reopens, and the replay that undoes it), then the master's commands by mail."""

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
from judge.game.games import current_turn, find_game, turns_of
from judge.game.lifecycle import create_game, join_game, start_game
from judge.game.mastering import end_game
from judge.game.progress import process_and_report
from judge.game.rollback import last_plan, rollback, rollforward
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
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import (
    Table,
    done,
    error,
    no_errors,
)


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


# By mail: the game of tests/conversations/test_master.py (started Monday 2 Nov 2026 09:00
# UTC, S1901M due Thursday 09:00 UTC).


@pytest.fixture
def table(database: Database) -> Table:
    return Table.started(Conversation(database))


def play_1901(table: Table) -> None:
    """Through Spring 1901 into Spring 1902: France's army in Burgundy is dislodged in the
    Fall (a retreat phase), then France builds two and Germany one."""
    table.player("FRANCE", "A par-bur\nA mar-spa\nF bre-mid")
    table.player("GERMANY", "A mun-ruh\nA ber-mun\nF kie-den")
    no_errors(table.master("PROCESS S1901M"))
    table.player("FRANCE", "A bur H\nA spa H\nF mid-por")
    table.player("GERMANY", "A ruh-bur\nA mun S A ruh-bur\nF den H")
    no_errors(table.master("PROCESS F1901M"))
    table.player("FRANCE", "A bur-pic")  # complete: processed at once
    table.player("FRANCE", "Build A par\nBuild F bre")
    table.player("GERMANY", "Build A ber")  # the last adjustment: processed at once
    assert table.open_phase() == "S1902M"
    table.player("FRANCE", "A pic-bel")


def test_rollback_then_rollforward_returns_to_the_same_position(table: Table) -> None:
    play_1901(table)
    before, orders = table.snapshot(), table.orders("S1902M")
    spring = table.orders("S1901M")
    reply = no_errors(table.master("ROLLBACK S1901M"))
    assert done(reply, "ROLLBACK S1901M") == (
        "alpha is back at the start of Spring 1901 Movement; undone: F1901M, F1901R, "
        "W1901A, S1902M. Orders for the undone phases are kept (ROLLFORWARD replays them); "
        "everyone was told. Now open: Spring 1901 Movement, deadline Thu 05 Nov 2026 "
        "09:00 UTC.")
    assert table.snapshot() == [("S1901M", before[0][1], None, False)]
    assert table.orders("S1901M") == spring  # the reopened turn keeps its own orders
    assert table.future() == {
        ("F1901M", "FRANCE"): ["A bur H", "A spa H", "F mid-por"],
        ("F1901M", "GERMANY"): ["A ruh-bur", "A mun S A ruh-bur", "F den H"],
        ("F1901R", "FRANCE"): ["A bur-pic"],
        ("W1901A", "FRANCE"): ["Build A par", "Build F bre"],
        ("W1901A", "GERMANY"): ["Build A ber"],
        ("S1902M", "FRANCE"): ["A pic-bel"],
    }
    reply = no_errors(table.master("ROLLFORWARD"))
    assert done(reply, "ROLLFORWARD") == (
        "4 turns replayed (S1901M, F1901M, F1901R, W1901A); the reports were mailed. "
        "Now open: Spring 1902 Movement, deadline Thu 05 Nov 2026 09:00 UTC.")
    assert table.snapshot() == before
    assert table.orders("S1902M") == orders
    assert table.future() == {}
    assert table.actions()[-2:] == ["rollback", "rollforward"]


def test_rollback_goes_to_the_previous_phase_and_tells_everyone(table: Table) -> None:
    table.player("FRANCE", "A par-bur")
    no_errors(table.master("PROCESS"))
    table.player("FRANCE", "A bur-mun")
    table.talk.mails_to(table.address("ITALY"))
    table.talk.clock.advance(timedelta(hours=10))
    no_errors(table.master("ROLLBACK"))
    assert table.open_phase() == "S1901M"
    turn = table.open_turn()
    assert turn["deadline"].isoformat() == "2026-11-05T19:00:00+00:00"  # 72h from now
    # Grace and notices start afresh; "reopened" keeps the sweep from replaying the turn.
    assert turn["grace_until"] is None and turn["notices"] == {"reopened": True}
    assert table.orders("S1901M") == {"FRANCE": ["A par-bur"]}
    assert table.future() == {("F1901M", "FRANCE"): ["A bur-mun"]}
    [notice] = table.talk.mails_to(table.address("ITALY"))
    assert notice.subject == "alpha: rolled back to S1901M"
    assert notice.body == (
        "The master of alpha rolled the game back to the start of Spring 1901 Movement.\n"
        "Your orders for it stand; orders for the phases undone (F1901M) are kept for "
        "when they come round.\nNew deadline: Thu 05 Nov 2026 19:00 UTC\n")


def test_rollback_twice_then_one_rollforward_returns(table: Table) -> None:
    play_1901(table)
    before = table.snapshot()
    no_errors(table.master("ROLLBACK W1901A"))
    no_errors(table.master("ROLLBACK F1901M"))
    assert table.open_phase() == "F1901M"
    reply = no_errors(table.master("ROLLFORWARD"))
    assert done(reply, "ROLLFORWARD").startswith("3 turns replayed (F1901M, F1901R, W1901A)")
    assert table.snapshot() == before


def test_rollforward_stops_where_new_orders_change_the_phases(table: Table) -> None:
    play_1901(table)
    no_errors(table.master("ROLLBACK F1901M"))
    # France now leaves Burgundy: nothing is dislodged, so there is no retreat phase.
    no_errors(table.master("SET ORDERS France\nA bur-pic"))
    reply = no_errors(table.master("ROLLFORWARD"))
    assert done(reply, "ROLLFORWARD").startswith("1 turn replayed (F1901M)")
    assert table.open_phase() == "W1901A"


def test_rollback_errors_by_mail(database: Database) -> None:
    table = Table.seated(Conversation(database))
    reply = table.master("ROLLBACK")
    assert error(reply, "ROLLBACK") == ("no phase of alpha has been processed yet; there "
                                        "is nothing to roll back")
    no_errors(table.master("START"))
    assert error(table.master("ROLLBACK"), "ROLLBACK").startswith("no phase of alpha")
    no_errors(table.master("PROCESS"))
    reply = table.master("ROLLBACK F1901M\nROLLBACK F1902M\nROLLBACK soon")
    assert error(reply, "ROLLBACK F1901M") == (
        "F1901M is not a processed phase of alpha; roll back to one of S1901M, "
        "e.g. ROLLBACK S1901M")
    assert error(reply, "ROLLBACK F1902M").startswith("F1902M is not a processed phase")
    assert error(reply, "ROLLBACK soon").startswith("'soon' is not a phase")
    assert table.open_phase() == "F1901M"
    assert table.actions() == ["start", "process"]


def test_rollforward_errors(table: Table) -> None:
    reply = table.master("ROLLFORWARD")
    expected = ("there is no ROLLBACK of alpha to undo: it has moved on since, or was "
                "never rolled back")
    assert error(reply, "ROLLFORWARD") == expected
    no_errors(table.master("PROCESS\nROLLBACK\nPAUSE"))
    reply = table.master("ROLLFORWARD")
    assert error(reply, "ROLLFORWARD") == "game alpha is paused; RESUME it first"
    no_errors(table.master("RESUME\nROLLFORWARD"))
    assert error(table.master("ROLLFORWARD"), "ROLLFORWARD") == expected
    assert table.open_phase() == "F1901M"
