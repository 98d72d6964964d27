"""Password guessing is throttled per seat and per account (issue #11 item 3), by mail.

Five wrong passwords for a seat within an hour, from any addresses, stop its password
being checked at all until the hour has moved on; ten for all of an account's seats stop
every one of them; a message may try two. The seat's reply address still works, and the
owner is told once.
"""

from __future__ import annotations

import random
from datetime import timedelta

import sqlalchemy as sa

from judge.game.games import find_game
from judge.game.lifecycle import create_game, join_game, start_game
from judge.store import repo
from judge.store.db import Database
from judge.store.models import PasswordFailure
from tests.conversations.account_guard import answer, only, reply_address, send_to
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, Player

LOCKED_SUBJECT = "alpha: wrong passwords tried for France"
ORDERS = "A Par - Bur\nA Mar - Spa\nF Bre - Mid-Atlantic Ocean\n"


def _france(talk: Conversation) -> Player:
    return started_game(talk)["FRANCE"]


def _failures(talk: Conversation) -> int:
    with talk.judge.db.unit_of_work() as session:
        return session.scalar(sa.select(sa.func.count()).select_from(PasswordFailure)) or 0


def _guess_from_fresh_addresses(talk: Conversation, count: int, first: int = 0) -> None:
    for number in range(first, first + count):
        reply = answer(talk, f"guesser{number}@evil.example", f"SIGNON Falpha guess{number}")
        assert "wrong password for F in alpha" in reply.body, reply.body


def test_guesses_from_fresh_addresses_lock_the_seat_for_the_hour(talk: Conversation) -> None:
    france = _france(talk)
    _guess_from_fresh_addresses(talk, 5)
    talk.clock.advance(timedelta(minutes=10))
    # Even the right password, from the owner's own address, is not checked now.
    refused = answer(talk, france.address, f"SIGNON Falpha {france.password}\nA Par H")
    assert ("not checked: too many wrong passwords were tried for France in alpha within "
            "the last hour, so SIGNON for it is refused without checking the password until "
            "Mon 02 Nov 2026 10:00 UTC, even with the right one") in refused.body
    assert "orders need SIGNON to a game first" in refused.body
    assert _failures(talk) == 5  # a refusal unchecked is no failure: the hour is not extended
    talk.clock.advance(timedelta(minutes=50))  # 10:00: the first guess has left the hour
    assert "Signed on as France in alpha." in answer(
        talk, france.address, f"SIGNON Falpha {france.password}").body


def test_the_owner_is_told_once_with_the_addresses(talk: Conversation) -> None:
    france = _france(talk)
    _guess_from_fresh_addresses(talk, 4)
    assert talk.mails_to(france.address) == []
    _guess_from_fresh_addresses(talk, 1, first=4)
    notice = only(talk.mails_to(france.address), LOCKED_SUBJECT)
    assert ("5 wrong passwords were tried for your seat France in alpha within the last "
            "hour, in messages whose From said: guesser0@evil.example, guesser1@evil.example, "
            "guesser2@evil.example, guesser3@evil.example, guesser4@evil.example.") \
        in notice.body
    assert ("SIGNON for this seat is refused without checking the password until Mon 02 Nov "
            "2026 10:00 UTC, even with the right password.") in notice.body
    assert "reply to this mail" in notice.body
    # More guesses, and a new lock-out after the hour, within the day: no more notices.
    answer(talk, "guesser9@evil.example", "SIGNON Falpha guess9")
    talk.clock.advance(timedelta(hours=1))
    _guess_from_fresh_addresses(talk, 5, first=10)
    assert talk.mails_to(france.address) == []
    # The notice's reply address acts for the seat in spite of the lock-out.
    orders = send_to(talk, reply_address(notice), france.address, ORDERS)
    assert "Errors" not in orders.body and "A Paris -> Burgundy." in orders.body


def test_the_reply_address_still_works_under_a_lock_out(talk: Conversation) -> None:
    france = _france(talk)
    token = reply_address(answer(talk, france.address, f"SIGNON Falpha {france.password}"))
    _guess_from_fresh_addresses(talk, 5)
    reply = send_to(talk, token, france.address, ORDERS)
    assert "Errors" not in reply.body, reply.body
    assert "A Paris -> Burgundy." in reply.body


def test_one_message_tries_two_passwords_at_most(talk: Conversation) -> None:
    france = _france(talk)
    lines = [f"SIGNON Falpha guess{n}" for n in range(297)] + \
        [f"SIGNON Falpha {france.password}"]
    reply = answer(talk, "guesser@evil.example", "\n".join(lines))
    assert reply.body.count("wrong password for F in alpha") == 2
    assert reply.body.count("not checked: this message has had 2 wrong passwords, the most "
                            "one message may try") == 296
    assert "Signed on" not in reply.body  # the right one, last, was not checked either
    assert _failures(talk) == 2


def _second_game(talk: Conversation) -> None:
    """Game beta, with the same seven accounts, seated by the same lot as alpha."""
    with talk.judge.db.unit_of_work() as session:
        master = repo.account_by_address(session, MASTER)
        assert master is not None
        game = create_game(session, name="beta", password="gmpw", variant="standard",
                           master=master)
        for number in range(7):
            account = repo.account_by_address(session, f"p{number}@example.org")
            assert account is not None
            join_game(session, game, account, f"pw{number}", [])
        start_game(session, game, talk.clock, random.Random(1))
        assert {s.power: s.account_id for s in game.seats if s.power} == \
            {s.power: s.account_id for s in find_game(session, "alpha").seats if s.power}


def test_the_account_is_throttled_across_its_seats(database: Database) -> None:
    talk = Conversation(database, password_tries_per_seat=100, password_tries_per_account=3)
    france = _france(talk)
    _second_game(talk)
    answer(talk, "guesser@evil.example", "SIGNON Falpha one\nSIGNON Fbeta two")
    answer(talk, "guesser@evil.example", "SIGNON Falpha three")
    # Three wrong passwords over the account's two seats: both are locked.
    refused = answer(talk, france.address, f"SIGNON Fbeta {france.password}")
    assert "not checked: too many wrong passwords were tried for France in beta" in \
        refused.body
    notice = only(talk.mails_to(france.address),
                  "alpha: wrong passwords tried for France")
    assert ("3 wrong passwords were tried for your seats on this judge (the last one France "
            "in alpha) within the last hour") in notice.body
    assert "SIGNON for every seat of yours is refused" in notice.body


def test_resign_by_password_is_throttled_too(talk: Conversation) -> None:
    france = _france(talk)
    for number in range(5):
        reply = answer(talk, france.address, f"RESIGN alpha guess{number}")
        assert "you hold no player seat in alpha with that password" in reply.body
    refused = answer(talk, france.address, f"RESIGN alpha {france.password}")
    assert "not checked: too many wrong passwords were tried for France in alpha" in \
        refused.body
    only(talk.mails_to(france.address), LOCKED_SUBJECT)


def test_the_masters_seat_is_throttled(talk: Conversation) -> None:
    _france(talk)
    for number in range(5):
        assert "wrong password for M in alpha" in answer(
            talk, f"x{number}@evil.example", f"SIGNON Malpha guess{number}").body
    assert "not checked" in answer(talk, MASTER, "SIGNON Malpha gmpw").body
    only(talk.mails_to(MASTER), "alpha: wrong passwords tried for master")


def test_a_seat_left_before_the_start_takes_its_failures_with_it(talk: Conversation) -> None:
    with talk.judge.db.unit_of_work() as session:
        master = repo.create_account(session, name="Master", address=MASTER)
        game = create_game(session, name="alpha", password="gmpw", variant="standard",
                           master=master)
        ann = repo.create_account(session, name="Ann", address="ann@example.org")
        join_game(session, game, ann, "annpw", [])
    assert "you hold no player seat in alpha with that password" in \
        answer(talk, "ann@example.org", "RESIGN alpha wrong").body
    assert _failures(talk) == 1
    assert "You have left alpha" in answer(talk, "ann@example.org", "RESIGN alpha annpw").body
    assert _failures(talk) == 0  # the seat's row went, and its failures with it
