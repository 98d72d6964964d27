"""Orders by mail: SIGNON, order lines merged per unit, CLEAR, PHASE, early processing."""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa

from judge.store.models import FutureOrder, Order, Turn
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import HOLDS
from tests.conversations.seating_helpers import MASTER, Player


@pytest.fixture
def players(talk: Conversation) -> dict[str, Player]:
    return started_game(talk)


def test_orders_come_back_as_the_whole_set_with_what_is_missing(
        talk: Conversation, players: dict[str, Player]) -> None:
    france = players["FRANCE"]
    reply = talk.send(france.address, f"{france.signon()}\nA par-bur\nA mar -> spa\n")
    assert reply is not None
    assert reply.subject == "Re: commands"
    assert "Orders for France, Spring 1901 Movement" in reply.body
    assert "  A Paris -> Burgundy.\n  A Marseilles -> Spain.\n" in reply.body
    assert "Still without orders: F Brest" in reply.body
    # Started Monday 09:00 UTC with 72-hour movement phases: Thursday 09:00.
    assert "Deadline: Thu 05 Nov 2026 09:00 UTC (3 days left)" in reply.body


def test_a_later_order_for_a_unit_replaces_the_earlier_one_across_messages(
        talk: Conversation, players: dict[str, Player]) -> None:
    france = players["FRANCE"]
    talk.send(france.address, f"{france.signon()}\nA par-bur\nF bre H\n")
    reply = talk.send(france.address, f"{france.signon()}\nA par - pic\n")
    assert reply is not None
    assert "  A Paris -> Picardy.\n  F Brest HOLD.\n" in reply.body
    assert "Burgundy" not in reply.body
    with talk.judge.db.unit_of_work() as session:
        history = session.scalars(sa.select(Order.lines).where(Order.power == "FRANCE")
                                  .order_by(Order.id)).all()
    # Every submission is kept whole: the history says who sent what, and when.
    assert history == [["A par-bur", "F bre H"], ["A par - pic", "F bre H"]]


def test_bad_lines_are_quoted_with_the_reason_and_the_subject_is_marked(
        talk: Conversation, players: dict[str, Player]) -> None:
    france = players["FRANCE"]
    reply = talk.send(france.address,
                      f"{france.signon()}\nA par-bur\nA xyz-bur\nF bre - mun\nA ber - kie\n")
    assert reply is not None
    assert reply.subject == "[errors] Re: commands"
    assert "line 3: A xyz-bur\n    'xyz' is not a province" in reply.body
    assert "line 4: F bre - mun\n" in reply.body  # a fleet cannot go inland
    assert "line 5: A ber - kie\n" in reply.body  # not France's unit
    assert "  A Paris -> Burgundy.\n\nStill without orders" in reply.body


def test_orders_without_signon_are_refused(talk: Conversation,
                                           players: dict[str, Player]) -> None:
    reply = talk.send(players["FRANCE"].address, "A par-bur\n")
    assert reply is not None
    assert "orders need SIGNON to a game first" in reply.body


def test_a_wrong_password_refuses_the_signon_and_the_orders(
        talk: Conversation, players: dict[str, Player]) -> None:
    reply = talk.send(players["FRANCE"].address, "SIGNON Falpha guess\nA par-bur\n")
    assert reply is not None
    assert "line 1: SIGNON Falpha guess\n    wrong password for F in alpha" in reply.body
    assert "orders need SIGNON" in reply.body


def test_clear_empties_the_set(talk: Conversation, players: dict[str, Player]) -> None:
    france = players["FRANCE"]
    talk.send(france.address, f"{france.signon()}\nA par-bur\n")
    reply = talk.send(france.address, f"{france.signon()}\nCLEAR\n")
    assert reply is not None
    assert "All of France's orders for S1901M are cleared." in reply.body
    assert "(no orders yet)" in reply.body
    assert "Still without orders: A Marseilles, A Paris, F Brest" in reply.body


def test_orders_for_a_later_phase_wait_for_it(talk: Conversation,
                                              players: dict[str, Player]) -> None:
    france = players["FRANCE"]
    reply = talk.send(france.address,
                      f"{france.signon()}\nPHASE Fall 1901 Movement\nA bur - mun\n")
    assert reply is not None
    assert "Orders that follow are for F1901M" in reply.body
    with talk.judge.db.unit_of_work() as session:
        ahead = session.scalars(sa.select(FutureOrder)).one()
        assert (ahead.phase, ahead.power, ahead.lines) == ("F1901M", "FRANCE", ["A bur - mun"])


def test_a_bad_phase_is_refused(talk: Conversation, players: dict[str, Player]) -> None:
    france = players["FRANCE"]
    reply = talk.send(france.address, f"{france.signon()}\nPHASE Midsummer 1901 Dance\n")
    assert reply is not None
    assert "is not a phase of this game" in reply.body


def test_the_last_complete_set_processes_the_turn_at_once(
        talk: Conversation, players: dict[str, Player]) -> None:
    for player in players.values():
        reply = talk.send(player.address, f"{player.signon()}\n" + _holds(player.power))
        assert reply is not None
    assert reply is not None
    assert "has been processed and the reports sent" in reply.body
    with talk.judge.db.unit_of_work() as session:
        phases = session.scalars(sa.select(Turn.phase).order_by(Turn.id)).all()
    # Nothing moved and nothing was dislodged: no retreats, straight to the Fall.
    assert phases == ["S1901M", "F1901M"]
    report = talk.mails_to(MASTER)[-1]
    assert report.subject == "alpha: Spring 1901 Movement results"
    assert "F Brest HOLD." in report.body


def test_orders_from_later_phase_are_taken_when_it_opens(
        talk: Conversation, players: dict[str, Player]) -> None:
    france = players["FRANCE"]
    talk.send(france.address, f"{france.signon()}\nPHASE F1901M\nA par - bur\n")
    for player in players.values():
        talk.send(player.address, f"{player.signon()}\n" + _holds(player.power))
    talk.clock.advance(timedelta(hours=1))
    reply = talk.send(france.address, f"{france.signon()}\nF bre - mao\n")
    assert reply is not None
    assert "  A Paris -> Burgundy.\n  F Brest -> Mid-Atlantic Ocean.\n" in reply.body


def _holds(power: str) -> str:
    return HOLDS[power] + "\n"
