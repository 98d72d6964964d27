"""Adversary adv9: the real owner of an account always gets the seat he asks for in a game
that hides who plays (its seats wait for CONFIRM: adv8, fix25), whatever came between.

JOIN after OBSERVE gives the observer's seat up, as an open game's JOIN does; a game
that filled between the JOIN and its CONFIRM refuses, and the same code works once a
place is free again (a refused CONFIRM uses nothing up)."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.conversations.seat_confirm import confirmed, seat_code
from tests.conversations.seating_helpers import account, reply, seats

GAME = "beta"
ALICE = "alice@example.org"


def _survival(talk: Conversation, players: int = 7) -> None:
    account(talk, "gm@example.org", "Game Master")
    reply(talk, "gm@example.org", f"CREATE {GAME} gmpw engineered level=advanced "
                                  f"survival=yes survival_players={players}")
    account(talk, ALICE, "Alice")


def test_a_join_after_an_observe_gives_the_observer_seat_up(talk: Conversation) -> None:
    _survival(talk)
    confirmed(talk, ALICE, f"OBSERVE {GAME} pw-o")
    done = confirmed(talk, ALICE, f"JOIN {GAME} pw-j F").body
    assert f"Confirmed: Alice joined {GAME}." in done, done
    assert f"Your observer seat in {GAME} is given up" in done, done
    assert [s[1] for s in seats(talk, GAME) if s[0] == ALICE] == ["player"]


def test_a_code_refused_because_the_game_filled_works_once_a_place_is_free(
        talk: Conversation) -> None:
    _survival(talk)
    # A start time: a full game waits for it instead of starting at once.
    reply(talk, "gm@example.org", f"SIGNON M{GAME} gmpw\nSET START +7d")
    reply(talk, ALICE, f"JOIN {GAME} pw-a")
    others = [f"p{n}@example.org" for n in range(7)]
    for address in others:
        account(talk, address)
        confirmed(talk, address, f"JOIN {GAME} pw-{address[:2]}")
    code = seat_code(talk, ALICE)
    full = reply(talk, ALICE, f"CONFIRM {code} pw-a").body
    assert f"game {GAME} is full" in full, full
    left = reply(talk, others[0], f"RESIGN {GAME} pw-p0").body
    assert "error" not in left.split("\n")[0], left
    done = reply(talk, ALICE, f"CONFIRM {code} pw-a").body
    assert f"Confirmed: Alice joined {GAME}." in done, done
