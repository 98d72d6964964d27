"""OBSERVE and RESIGN through the mail pipeline, on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace

import pytest

from judge.game.games import find_game
from judge.game.settings import NmrPolicy
from judge.store.models import GameState, SeatStatus
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import (
    MASTER,
    account,
    create,
    reply,
    seats,
    started_game,
)

# OBSERVE

def test_observe_takes_an_observer_seat(talk: Conversation) -> None:
    create(talk)
    account(talk, "watcher@example.org")
    answer = reply(talk, "watcher@example.org", "OBSERVE alpha seepw")
    assert "You observe alpha: you will receive its public reports." in answer.body
    assert "SIGNON Oalpha <your password>" in answer.body
    assert seats(talk)[-1] == ("watcher@example.org", "observer", None, "active")
    answer = reply(talk, "watcher@example.org", "SIGNON Oalpha seepw")
    assert "Signed on as observer in alpha." in answer.body


@pytest.mark.parametrize(("line", "reason"), [
    ("OBSERVE alpha", "write OBSERVE <game> <password>, e.g. OBSERVE alpha secret"),
    ("OBSERVE omega pw", "no game called 'omega'"),
])
def test_observe_errors(talk: Conversation, line: str, reason: str) -> None:
    create(talk)
    account(talk, "watcher@example.org")
    answer = reply(talk, "watcher@example.org", line)
    assert reason in answer.body


def test_observe_twice_is_refused(talk: Conversation) -> None:
    create(talk)
    account(talk, "watcher@example.org")
    reply(talk, "watcher@example.org", "OBSERVE alpha pw")
    answer = reply(talk, "watcher@example.org", "OBSERVE alpha pw")
    assert "you already observe alpha" in answer.body


# RESIGN

def test_resign_before_the_start_frees_the_place(talk: Conversation) -> None:
    create(talk)
    account(talk, "ann@example.org")
    reply(talk, "ann@example.org", "JOIN alpha annpw")
    # Before the start a player has no power letter to SIGNON with: RESIGN names the game.
    answer = reply(talk, "ann@example.org", "RESIGN alpha annpw")
    assert "You have left alpha; your place is free again." in answer.body
    assert [s[1] for s in seats(talk)] == ["master"]
    answer = reply(talk, "ann@example.org", "JOIN alpha again")
    assert "Players so far: 1 of 7" in answer.body


def test_resign_right_after_join(talk: Conversation) -> None:
    create(talk)
    account(talk, "ann@example.org")
    answer = reply(talk, "ann@example.org", "JOIN alpha annpw\nRESIGN")
    assert "You have left alpha; your place is free again." in answer.body
    assert [s[1] for s in seats(talk)] == ["master"]


def test_resign_in_a_running_game_tells_the_master(talk: Conversation) -> None:
    players = started_game(talk, change=lambda s: replace(
        s, schedule=replace(s.schedule, nmr=NmrPolicy.CIVIL_DISORDER)))
    austria = players["AUSTRIA"]
    answer = reply(talk, austria.address, f"{austria.signon()}\nRESIGN\nA vie-bud")
    assert "You have resigned Austria from alpha; the master is asked to find a " \
           "replacement." in answer.body
    assert "Until then nobody orders Austria: its units hold, it makes no builds, and " \
           "removals follow the civil disorder rule." in answer.body
    # After RESIGN the message no longer speaks for Austria.
    assert "line 3: A vie-bud\n    not a command (orders need SIGNON" in answer.body
    assert ("austria@example.org", "player", "AUSTRIA", "resigned") in seats(talk)
    [mail] = talk.mails_to(MASTER)
    assert mail.subject == "alpha: Austria needs a replacement"
    assert "Austria Player has resigned Austria from alpha during Spring 1901 " \
           "Movement." in mail.body
    assert "Until you REPLACE Austria <address> <password>" in mail.body
    assert talk.mails_to("france@example.org") == []  # only the master is told
    answer = reply(talk, austria.address, austria.signon())
    assert "1 error" in answer.body  # the seat no longer signs on


@pytest.mark.parametrize(("body", "reason"), [
    ("RESIGN", "sign on first: SIGNON <power initial><game> <password>"),
    ("SIGNON Malpha gmpass\nRESIGN", "a master does not resign: hand alpha to another "
                                      "registered player with SET MASTER"),
    ("RESIGN alpha", "write RESIGN after SIGNON, or RESIGN [<game> <password>], e.g. "
                     "RESIGN alpha secret"),
    ("RESIGN alpha gmpass", "you hold no player seat in alpha with that password"),
    ("RESIGN omega gmpass", "no game called 'omega'"),
])
def test_resign_errors(talk: Conversation, body: str, reason: str) -> None:
    started_game(talk)
    answer = reply(talk, MASTER, body)
    assert reason in answer.body
    assert all(s[3] == SeatStatus.ACTIVE.value for s in seats(talk))


def test_resign_after_the_end_is_refused(talk: Conversation) -> None:
    players = started_game(talk)
    with talk.judge.db.unit_of_work() as session:
        find_game(session, "alpha").state = GameState.FINISHED
    answer = reply(talk, players["ITALY"].address, f"{players['ITALY'].signon()}\nRESIGN")
    assert "game alpha is over; there is nothing to resign from" in answer.body
