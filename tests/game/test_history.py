"""Reading a game's past back from its stored turns, on both backends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.orm import Session

from judge.engine.calendar import STANDARD_CALENDAR
from judge.engine.outcome import Adjustment, Dislodgement
from judge.engine.turn import TurnResult
from judge.engine.types import Phase, Unit
from judge.engine.visibility import Viewer
from judge.game import history
from judge.game.errors import GameError
from judge.game.games import find_game, game_variant
from judge.game.lifecycle import add_seat
from judge.store import repo
from judge.store.models import Game, SeatRole, SeatStatus, Turn
from judge.store.repo_games import turns_of
from tests.conversations.accounts_listings import process, standard_game
from tests.conversations.harness import Conversation

# A year with a bounce, a capture, a dislodgement, a retreat and two builds.
ORDERS = {
    "S1901M": {"FRANCE": ["A par-bur", "A mar-spa", "F bre-mao"],
               "GERMANY": ["A mun-ruh", "A ber-mun"]},
    "F1901M": {"FRANCE": ["F mao-por", "A bur H"],
               "GERMANY": ["A ruh-bur", "A mun S A ruh-bur"]},
    "F1901R": {"FRANCE": ["A bur-par"]},
    "W1901A": {"FRANCE": ["build F bre", "build A mar"]},
}


@pytest.fixture
def played(talk: Conversation) -> dict[str, TurnResult]:
    """Game alpha played through 1901; each phase's result as adjudicated."""
    standard_game(talk)
    return {phase: process(talk, "alpha", orders) for phase, orders in ORDERS.items()}


@pytest.fixture
def session(talk: Conversation) -> Iterator[Session]:
    with talk.judge.db.unit_of_work() as session:
        yield session


def _turns(session: Session) -> tuple[Game, dict[str, Turn]]:
    game = find_game(session, "alpha")
    return game, {turn.phase: turn for turn in turns_of(session, game)}


def test_stored_results_equal_the_adjudicated_ones(played: dict[str, TurnResult],
                                                   session: Session) -> None:
    game, turns = _turns(session)
    following = history.following_turns(session, game)
    assert list(turns) == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M"]
    for phase, result in played.items():
        assert history.stored_result(game, turns[phase], following[turns[phase].id]) == result
    # The year held what the orders were written for: the French army in Burgundy was
    # dislodged from Ruhr, so a retreat phase followed; France built two.
    dislodged = [e for e in played["F1901M"].events if isinstance(e, Dislodgement)]
    assert [(d.unit, d.attacker_from) for d in dislodged] == [(Unit("FRANCE", "A", "bur"),
                                                               "ruh")]
    assert played["F1901M"].next_phase == Phase(1901, "F", "R")
    assert Adjustment("FRANCE", 2) in played["W1901A"].events
    assert played["W1901A"].next_phase == Phase(1902, "S", "M")
    with pytest.raises(ValueError, match="S1902M has not been processed"):
        history.stored_result(game, turns["S1902M"], None)
    # Had the game ended on W1901A, its result would say so.
    game.result = {"kind": "solo", "winners": ["FRANCE"], "phase": "W1901A"}
    ended = history.stored_result(game, turns["W1901A"], None)
    assert (ended.next_phase, ended.winners) == (None, ("FRANCE",))
    # A turn something followed did not end the game, whatever the result says.
    later = history.stored_result(game, turns["W1901A"], turns["S1902M"])
    assert (later.next_phase, later.winners) == (Phase(1902, "S", "M"), ())


def test_processed_turns_and_centre_counts(played: dict[str, TurnResult], session: Session) -> None:
    game, _ = _turns(session)

    def phases(first: str | None, last: str | None) -> list[str]:
        return [t.phase for t in history.processed_turns(
            session, game, Phase.parse(first) if first else None,
            Phase.parse(last) if last else None)]

    assert phases(None, None) == ["S1901M", "F1901M", "F1901R", "W1901A"]
    assert phases("F1901M", "F1901R") == ["F1901M", "F1901R"]
    assert phases("F1901M", None) == ["F1901M", "F1901R", "W1901A"]
    # A phase that was never played still bounds the range (S1901R was skipped).
    assert phases("S1901R", "F1901M") == ["F1901M"]
    assert phases("S1902M", None) == []

    # Centres are counted once a year, after the Fall.
    variant = game_variant(game)
    turns = history.processed_turns(session, game)
    rows = history.centre_counts_by_year(variant, game, turns, Viewer.observer())
    assert [label for label, _ in rows] == ["Start", "1901"]
    start, year = rows[0][1], rows[1][1]
    assert start == {"AUSTRIA": 3, "ENGLAND": 3, "FRANCE": 3, "GERMANY": 3, "ITALY": 3,
                     "RUSSIA": 4, "TURKEY": 3}
    # France took Spain and Portugal; nobody else moved onto a centre.
    assert year == {**start, "FRANCE": 5}
    assert history.centre_counts_by_year(variant, game, [], Viewer.observer()) == []


def test_players_of_keeps_replaced_players(talk: Conversation) -> None:
    players = standard_game(talk)
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "alpha")
        old = next(s for s in game.seats if s.power == "ITALY")
        old.status = SeatStatus.RESIGNED
        newcomer = repo.create_account(session, name="Nia New", address="nia@example.org")
        add_seat(session, game, newcomer, SeatRole.PLAYER, "pw", power="ITALY")
        session.flush()
        session.refresh(game)
        found = dict(history.players_of(game, game_variant(game)))
        assert [(s.account.name, s.status) for s in found["ITALY"]] == [
            (players["ITALY"].name, SeatStatus.RESIGNED), ("Nia New", SeatStatus.ACTIVE)]
        assert [s.account.name for s in found["FRANCE"]] == [players["FRANCE"].name]
        assert list(found) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA",
                               "TURKEY"]


@pytest.mark.parametrize(("text", "phase"), [
    ("S1901M", "S1901M"), ("f1901r", "F1901R"), ("Spring 1901 Movement", "S1901M"),
    ("autumn 1902 retreats", "F1902R"), ("Winter 1901 Builds", "W1901A"),
    ("Fall 1903 moves", "F1903M"), ("W1901ADJUSTMENTS", None), ("X1901M", None),
    ("Spring 1901 Adjustments", None), ("hello", None),
    # A season without its kind is the season's first phase; B is builds, as some judges
    # write it (adversary finding on issue #11: HISTORY refused these).
    ("Spring 1901", "S1901M"), ("Winter 1901", "W1901A"), ("S1901", "S1901M"),
    ("w1901", "W1901A"), ("W1901B", "W1901A"), ("X1901", None), ("F1901Q", None),
])
def test_parse_phase(text: str, phase: str | None) -> None:
    if phase is not None:
        assert str(history.parse_phase(STANDARD_CALENDAR, text)) == phase
    else:
        with pytest.raises(GameError, match="write a phase as S1901M or Spring 1901 Movement"):
            history.parse_phase(STANDARD_CALENDAR, text)


def test_read_phases() -> None:
    words = ["from", "Spring", "1901", "Movement", "to", "F1902M"]
    assert history.read_phases(STANDARD_CALENDAR, words) == [Phase(1901, "S", "M"),
                                                            Phase(1902, "F", "M")]
    assert history.read_phases(STANDARD_CALENDAR, []) == []
    assert history.read_phases(STANDARD_CALENDAR, ["Spring", "1901", "to", "Winter", "1901"]) \
        == [Phase(1901, "S", "M"), Phase(1901, "W", "A")]
    assert history.read_phases(STANDARD_CALENDAR, ["S1901", "to", "F1901R"]) == [
        Phase(1901, "S", "M"), Phase(1901, "F", "R")]
    with pytest.raises(GameError):
        history.read_phases(STANDARD_CALENDAR, ["Spring", "hello"])
