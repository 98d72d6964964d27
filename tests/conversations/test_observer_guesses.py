"""Guesses at a letter several seats share (O, M) count once, against the letter, not
against every holder (adv1 t3_obs); and a letter nobody holds is answered as a wrong
password, so a guesser does not learn whether a game has observers."""

from __future__ import annotations

from tests.conversations.account_guard import answer
from tests.conversations.accounts_listings import register
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation

OBSERVER = "o1@example.org"


def test_observer_guesses_do_not_lock_the_other_observers_own_seats(
        talk: Conversation) -> None:
    players = started_game(talk)
    assert "wrong password for O in alpha" in \
        answer(talk, "att@evil.example", "SIGNON Oalpha guess").body  # nobody observes yet
    register(talk, OBSERVER, "O1")
    answer(talk, OBSERVER, "OBSERVE alpha o1secret")
    p0 = next(p for p in players.values() if p.address == "p0@example.org")
    answer(talk, p0.address, "OBSERVE alpha p0obs")
    for i in range(5):
        answer(talk, f"att{i}@evil.example", f"SIGNON Oalpha g{i}a\nSIGNON Oalpha g{i}b")
    # Ten guesses: the O letter is locked (5 a seat an hour), counted against o1's
    # observer seat alone; p0's own power, never guessed at, still signs on.
    assert "too many wrong passwords were tried for observer in alpha" in \
        answer(talk, OBSERVER, "SIGNON Oalpha o1secret").body
    assert f"Signed on as {p0.power.title()} in alpha." in answer(talk, p0.address,
                                                                   p0.signon()).body


def test_an_unknown_letter_is_named_as_such(talk: Conversation) -> None:
    started_game(talk)
    assert "Z is not a power initial, M (master) or O (observer) of alpha" in \
        answer(talk, "att@evil.example", "SIGNON Zalpha guess").body
