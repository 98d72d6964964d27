"""Adversary adv9 as a newcomer: a seat asked for in a survival game (it waits for CONFIRM,
adv8) whose game ends before the code comes back. CONFIRM of an OBSERVE promised "its
public reports", which never come; CONFIRM of a JOIN said the game "has already started;
you can OBSERVE it, or ask its master to REPLACE a power with you". Each now says the game
is over and where to read it, as OBSERVE and JOIN of a finished game do."""

from __future__ import annotations

from judge.game.games import find_game
from judge.store.models import GameState
from tests.conversations.harness import Conversation
from tests.conversations.seat_confirm import seat_code
from tests.conversations.seating_helpers import account, reply

GAME = "beta"
ALICE = "alice@example.org"


def _asked_then_over(talk: Conversation, line: str) -> str:
    account(talk, "gm@example.org", "Game Master")
    reply(talk, "gm@example.org",
          f"CREATE {GAME} gmpw engineered level=advanced survival=yes survival_players=7")
    account(talk, ALICE, "Alice")
    reply(talk, ALICE, line)
    with talk.judge.db.unit_of_work() as session:  # abandoned before it started
        game = find_game(session, GAME)
        game.state, game.result = GameState.FINISHED, {"kind": "abandoned"}
    return reply(talk, ALICE, f"CONFIRM {seat_code(talk, ALICE)} {line.split()[2]}").body


def test_an_observe_confirmed_after_the_game_ended_promises_no_report(
        talk: Conversation) -> None:
    done = _asked_then_over(talk, f"OBSERVE {GAME} pw-a")
    assert (f"Confirmed: Alice observes {GAME}, which is over (abandoned without a "
            "result), so no report will come; SUMMARY beta tells how it went.") in done, done


def test_a_join_confirmed_after_the_game_ended_says_it_is_over(talk: Conversation) -> None:
    done = _asked_then_over(talk, f"JOIN {GAME} pw-a")
    assert f"game {GAME} is over (abandoned without a result)" in done, done
    assert "REPLACE" not in done, done
