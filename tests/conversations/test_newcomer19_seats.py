"""Newcomer 19, by mail: a player who already plays a started game and JOINs it again is
told which power he plays, not sent to OBSERVE it (which his seat forbids); a player who
resigned or was replaced and signs on with his old password is told why it no longer
works, and nobody else learns anything from it.

Standard Diplomacy, seven players dealt from seed 1 (tests/conversations/game_setup.py).
"""

from __future__ import annotations

import pytest

from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import error
from tests.conversations.orders_board import send
from tests.conversations.seating_helpers import Player, account, reply

NO_LONGER = ("you no longer play Germany in alpha: {how}, so its password no longer signs on; "
             "ask its master to REPLACE a power with you to play again")


@pytest.fixture
def players(talk: Conversation) -> dict[str, Player]:
    return started_game(talk)


def test_a_player_joining_his_own_started_game_is_told_the_power_he_plays(
        talk: Conversation, players: dict[str, Player]) -> None:
    france = players["FRANCE"]
    answer = reply(talk, france.address, "JOIN alpha another-pw")
    assert error(answer, "JOIN alpha another-pw") == (
        "you already play France in alpha; sign on to it with SIGNON Falpha <your password>")


def test_a_resigned_player_s_old_password_says_he_resigned(
        talk: Conversation, players: dict[str, Player]) -> None:
    germany = players["GERMANY"]
    send(talk, germany, "RESIGN")
    answer = send(talk, germany, "A ber - kie")
    assert error(answer, germany.signon()) == NO_LONGER.format(how="you resigned it")
    wrong = reply(talk, germany.address, "SIGNON Galpha guess")
    assert error(wrong, "SIGNON Galpha guess") == "wrong password for G in alpha"
    # Someone else who learnt the password learns nothing of whose seat it was.
    account(talk, "mallory@example.net")
    forged = reply(talk, "mallory@example.net", germany.signon())
    assert error(forged, germany.signon()) == "wrong password for G in alpha"


def test_a_replaced_player_s_old_password_says_the_master_took_the_power(
        talk: Conversation, players: dict[str, Player]) -> None:
    germany = players["GERMANY"]
    reply(talk, "gm@example.org", "SIGNON Malpha gmpw\nEJECT Germany")
    answer = send(talk, germany, "A ber - kie")
    assert error(answer, germany.signon()) == NO_LONGER.format(
        how="its master took it from you")
