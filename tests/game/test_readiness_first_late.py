"""Whether a turn is ready asks the power found late last time first and stops at the
first late power (judge.game.readiness.is_ready, issue #18: every order message weighed
all seven powers' sets): the answer is the same, the powers' checks fewer."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy.orm import Session

from judge.game import games, owed, readiness
from judge.game.clock import SystemClock
from judge.game.lifecycle import create_game, join_game, start_game
from judge.game.readiness import is_ready, late_powers
from judge.store import repo, repo_games
from judge.store.db import Database
from judge.store.models import Game, Turn

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
ORDERS = {"AUSTRIA": ["A VIE H", "A BUD H", "F TRI H"],
          "ENGLAND": ["F LON H", "F EDI H", "A LVP H"],
          "FRANCE": ["A PAR H", "A MAR H", "F BRE H"],
          "GERMANY": ["A BER H", "A MUN H", "F KIE H"],
          "ITALY": ["A VEN H", "A ROM H", "F NAP H"],
          "RUSSIA": ["A MOS H", "A WAR H", "F SEV H", "F STP/SC H"],
          "TURKEY": ["A CON H", "A SMY H", "F ANK H"]}


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The powers whose orders were weighed, in order."""
    seen: list[str] = []
    weigh = owed.missing

    def counted(variant: Any, position: Any, power: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(power)
        return weigh(variant, position, power, *args, **kwargs)

    monkeypatch.setattr(owed, "missing", counted)
    return seen


@pytest.fixture
def game_id(database: Database) -> int:
    with database.unit_of_work() as s:
        master = repo.create_account(s, name="Master", address="master@example.test")
        game = create_game(s, name="ready", password="gm", variant="standard", master=master)
        for n, power in enumerate(POWERS):
            account = repo.create_account(s, name=f"P{n}", address=f"p{n}@example.test")
            join_game(s, game, account, f"pw{n}", [power])
        start_game(s, game, SystemClock(), random.Random(1))
        return game.id


@pytest.fixture
def in_turn(database: Database, game_id: int) -> Callable[[], Iterator[tuple[Session, Game,
                                                                             Turn]]]:
    def opened() -> Iterator[tuple[Session, Game, Turn]]:
        with database.unit_of_work() as s:
            game = s.get_one(Game, game_id)
            turn = repo_games.current_turn(s, game)
            assert turn is not None
            yield s, game, turn
    return opened


def _order(s: Session, turn: Turn, *powers: str) -> None:
    for power in powers:
        repo.submit_orders(s, turn, power, ORDERS[power], inbox=None,
                           submitted_at=SystemClock().now())


def _ready(s: Session, game: Game, turn: Turn) -> bool:
    return is_ready(s, game, turn, SystemClock().now())


def test_the_power_late_last_is_asked_first(in_turn: Any, asked: list[str]) -> None:
    for s, game, turn in in_turn():
        _order(s, turn, *POWERS[:-1])
        assert not _ready(s, game, turn)
        assert asked == list(POWERS)  # the first time, every power up to Turkey
        asked.clear()
        assert not _ready(s, game, turn)
        assert asked == ["TURKEY"]  # was seven checks a message before


def test_a_hint_no_longer_late_still_finds_the_others(in_turn: Any,
                                                      asked: list[str]) -> None:
    for s, game, turn in in_turn():
        _order(s, turn, "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY")
        assert not _ready(s, game, turn)  # Austria found late first
        _order(s, turn, "AUSTRIA")
        asked.clear()
        assert not _ready(s, game, turn)
        assert asked == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY"]
        assert late_powers(s, game, turn) == ["ITALY"]
        asked.clear()
        assert not _ready(s, game, turn)
        assert asked == ["ITALY"]


def test_ready_once_every_power_has_ordered(in_turn: Any, asked: list[str]) -> None:
    for s, game, turn in in_turn():
        _order(s, turn, *POWERS[:-1])
        assert not _ready(s, game, turn)
        _order(s, turn, "TURKEY")
        asked.clear()
        assert _ready(s, game, turn)
        assert sorted(asked) == sorted(POWERS)  # no is asked of everyone


def test_waiting_powers_read_the_seats_once(in_turn: Any,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """SET WAIT holds the turn for the power whose seat waits; the seats are read in one
    pass, not once for each power (seven passes a message before)."""
    looked_up: list[str] = []
    real = games.player_seat

    def counted(game: Game, power: str) -> Any:
        looked_up.append(power)
        return real(game, power)

    monkeypatch.setattr("judge.game.readiness.player_seat", counted)
    for _s, game, turn in in_turn():
        now = SystemClock().now()
        assert readiness.waiting_powers(game, turn, now) == []
        next(s for s in game.seats if s.power == "FRANCE").waiting = True
        assert readiness.waiting_powers(game, turn, now) == ["FRANCE"]
        assert looked_up == []
