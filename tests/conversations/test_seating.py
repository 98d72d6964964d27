"""CREATE and JOIN through the mail pipeline, on SQLite and PostgreSQL (OBSERVE and
RESIGN: test_observe_resign.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from judge.game.games import find_game
from judge.store import repo
from judge.store.models import AuditEntry, Seat, SeatRole
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import (
    MASTER,
    POWERS,
    account,
    configure,
    create,
    fill,
    game_row,
    reply,
    seats,
    started_game,
)

# CREATE

def test_create_makes_a_forming_game_with_the_sender_as_master(talk: Conversation) -> None:
    answer = create(talk)
    assert answer.subject == "Re: commands"
    assert "Game alpha (Standard Diplomacy) is created; you are its master" in answer.body
    assert "SIGNON Malpha <the password you chose>" in answer.body
    assert game_row(talk) == {"state": "forming", "result": None}
    assert seats(talk) == [(MASTER, "master", None, "active")]
    # The master's password works for SIGNON in a later message.
    assert "Signed on as master in alpha." in reply(talk, MASTER, "SIGNON Malpha gmpass").body


def test_create_signs_the_master_on_for_the_rest_of_the_message(talk: Conversation) -> None:
    account(talk, MASTER)
    answer = reply(talk, MASTER, "CREATE beta pw standard\nRESIGN")
    assert "a master does not resign: hand beta to another" in answer.body


def test_create_stores_rule_options(talk: Conversation) -> None:
    answer = create(talk, extra="victory_centres=17 duplicate-orders=LAST "
                                "retreat_to_convoy_origin=no")
    assert "1 done" in answer.body
    with talk.judge.db.unit_of_work() as session:
        assert find_game(session, "alpha").variant_options == {
            "victory_centres": 17, "duplicate_orders": "last",
            "retreat_to_convoy_origin": False}


@pytest.mark.parametrize(("line", "reason"), [
    ("CREATE alpha pw", "write CREATE <game> <password> <variant> [option=value ...], "
                        "e.g. CREATE alpha secret standard"),
    ("CREATE alpha pw chess", "no variant 'chess'; the variants to play are 1885, algernon, "
                              "engineered, envoy, standard"),
    ("CREATE 9lives pw standard", "'9lives' cannot be a game name"),
    ("CREATE alpha pw standard speed=fast", "'speed=fast' is not an option; write "
                                            "option=value, e.g. victory_centres=17"),
    ("CREATE alpha pw standard victory_centres=many",
     "victory_centres=many is not allowed: victory_centres must be a whole number"),
    ("CREATE alpha pw standard build_sites=anywhere",
     "build_sites must be home or any_owned"),
])
def test_create_errors(talk: Conversation, line: str, reason: str) -> None:
    account(talk, MASTER)
    answer = reply(talk, MASTER, line)
    assert answer.subject == "[errors] Re: commands"
    assert reason in answer.body
    assert "1 error" in answer.body
    with talk.judge.db.unit_of_work() as session:  # nothing was created
        assert session.scalars(sa.select(Seat)).all() == []


def test_create_needs_an_account(talk: Conversation) -> None:
    answer = reply(talk, "stranger@example.org", "CREATE alpha pw standard")
    assert "stranger@example.org is not registered on this judge; send REGISTER" in answer.body


def test_create_refuses_a_taken_name(talk: Conversation) -> None:
    create(talk)
    answer = reply(talk, MASTER, "CREATE ALPHA other standard")
    assert "a game called alpha already exists; choose another name" in answer.body


def test_create_is_in_the_audit_log(talk: Conversation) -> None:
    create(talk, extra="victory_centres=17")
    reply(talk, MASTER, "CREATE alpha again standard")  # refused: the name is taken
    with talk.judge.db.unit_of_work() as session:
        master = repo.account_by_address(session, MASTER)
        assert master is not None
        entries = [(e.game_id, e.actor_account_id, e.action, dict(e.detail))
                   for e in session.scalars(sa.select(AuditEntry))]
        game_id = find_game(session, "alpha").id
    assert entries == [(game_id, master.id, "create",
                        {"variant": "standard", "options": {"victory_centres": 17}})]


# JOIN

def test_join_takes_a_seat_with_preferences(talk: Conversation) -> None:
    create(talk)
    account(talk, "ann@example.org")
    answer = reply(talk, "ann@example.org", "JOIN alpha annpw France Germany England")
    assert "You joined alpha; you are signed on for the rest of this message." in answer.body
    assert "Your preferences: France, Germany, England." in answer.body
    assert "Players so far: 1 of 7; you will hear when it starts." in answer.body
    account(talk, "bob@example.org")
    answer = reply(talk, "bob@example.org", "join alpha bobpw")
    assert "No preference list: any power will do." in answer.body
    assert "Players so far: 2 of 7" in answer.body
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "alpha")
        wishes = [s.preferences for s in game.seats if s.role == SeatRole.PLAYER]
    assert wishes == [["FRANCE", "GERMANY", "ENGLAND"], []]


def test_join_with_initials(talk: Conversation) -> None:
    create(talk)
    account(talk, "ann@example.org")
    answer = reply(talk, "ann@example.org", "JOIN alpha annpw FGE")
    assert "Your preferences: France, Germany, England." in answer.body


@pytest.mark.parametrize(("line", "reason"), [
    ("JOIN alpha", "write JOIN <game> <password> [preference list], e.g. JOIN alpha "
                   "secret FGE"),
    ("JOIN omega pw", "no game called 'omega'; send LIST for the games on this judge"),
    ("JOIN alpha pw France Prussia", "'Prussia' is not a power of Standard Diplomacy; "
                                     "powers are Austria, England, France"),
])
def test_join_errors(talk: Conversation, line: str, reason: str) -> None:
    create(talk)
    account(talk, "ann@example.org")
    answer = reply(talk, "ann@example.org", line)
    assert answer.subject == "[errors] Re: commands"
    assert reason in answer.body
    assert [s[1] for s in seats(talk)] == ["master"]


def test_join_twice_is_refused(talk: Conversation) -> None:
    create(talk)
    account(talk, "ann@example.org")
    reply(talk, "ann@example.org", "JOIN alpha pw")
    answer = reply(talk, "ann@example.org", "JOIN alpha pw2")
    assert "you have already joined alpha" in answer.body


def test_join_needs_an_account(talk: Conversation) -> None:
    create(talk)
    answer = reply(talk, "stranger@example.org", "JOIN alpha pw")
    assert "is not registered on this judge" in answer.body


def test_the_last_join_starts_the_game_and_tells_every_seat(talk: Conversation) -> None:
    create(talk)
    account(talk, "watcher@example.org", zone="America/New_York")
    reply(talk, "watcher@example.org", "OBSERVE alpha watchpw")
    account(talk, "france@example.org", "Marianne", zone="Europe/Paris")
    players = fill(talk, powers=tuple(p for p in POWERS if p != "TURKEY"))
    assert game_row(talk)["state"] == "forming"
    account(talk, "turkey@example.org")
    answer = reply(talk, "turkey@example.org", "JOIN alpha pw-turkey T")
    assert "The game is full and has started" in answer.body
    assert game_row(talk)["state"] == "active"
    assert [(s[2], s[0]) for s in seats(talk) if s[1] == "player"] == [
        (power, f"{power.lower()}@example.org") for power in (*players, "TURKEY")]

    # The game opened at Mon 2 Nov 09:00 UTC; a movement phase lasts 72 hours.
    notice = talk.mails_to("france@example.org")[-1]
    assert notice.subject == "alpha: the game has started"
    assert "You play France." in notice.body
    assert "The first phase is Spring 1901 Movement." in notice.body
    assert "Its deadline: Thu 05 Nov 2026 10:00 Europe/Paris." in notice.body
    assert "SIGNON Falpha <your password>" in notice.body
    assert "Germany" not in notice.body  # who plays what is the master's to know

    master = talk.mails_to(MASTER)[-1]
    assert "Its deadline: Thu 05 Nov 2026 09:00 UTC." in master.body
    assert "  France: Marianne <france@example.org>" in master.body
    assert "  Turkey: turkey <turkey@example.org>" in master.body

    watcher = talk.mails_to("watcher@example.org")[-1]
    assert "Its deadline: Thu 05 Nov 2026 04:00 America/New_York." in watcher.body
    assert "SIGNON Oalpha <your password>" in watcher.body
    assert "You play" not in watcher.body and "Marianne" not in watcher.body


def test_a_full_game_with_a_start_time_waits_for_it(talk: Conversation) -> None:
    create(talk)
    start = datetime(2026, 11, 9, 20, 0, tzinfo=UTC)
    configure(talk, "alpha", lambda s: replace(s, schedule=replace(s.schedule, start=start)))
    fill(talk, powers=tuple(POWERS)[:6])
    account(talk, "turkey@example.org", zone="Europe/London")
    answer = reply(talk, "turkey@example.org", "JOIN alpha pw T")
    assert "The game is full; it starts at Mon 09 Nov 2026 20:00 Europe/London." in answer.body
    assert game_row(talk)["state"] == "forming"


def test_join_a_started_game_is_refused(talk: Conversation) -> None:
    started_game(talk)
    account(talk, "late@example.org")
    answer = reply(talk, "late@example.org", "JOIN alpha pw")
    assert "game alpha has already started; you can OBSERVE it" in answer.body
