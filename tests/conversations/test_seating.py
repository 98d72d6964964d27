"""CREATE, JOIN, OBSERVE and RESIGN through the mail pipeline, on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from judge.game.games import find_game
from judge.game.settings import NmrPolicy
from judge.store.models import GameState, Seat, SeatRole, SeatStatus
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
    started_game,
)


def seats(talk: Conversation, game: str = "alpha") -> list[tuple[str, str, str | None, str]]:
    """(address, role, power, status) of every seat, in the order taken."""
    with talk.judge.db.unit_of_work() as session:
        found = find_game(session, game)
        rows = session.scalars(sa.select(Seat).where(Seat.game_id == found.id)
                               .order_by(Seat.id)).all()
        return [(s.account.addresses[0].address, s.role.value, s.power, s.status.value)
                for s in rows]


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
    assert "only a player can resign" in answer.body


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
    ("CREATE alpha pw chess", "no variant 'chess'; the variants are"),
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
    ("SIGNON Malpha gmpass\nRESIGN", "only a player can resign"),
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
