"""Refusals that say why in the player's terms (adversary findings on issue #11): a retreat
meant for the retreat phase is not called a late movement order, and a build on a centre
lost in the autumn says it is no longer owned before it says it is occupied."""

from __future__ import annotations

import pytest

from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import entry, put_board, send
from tests.conversations.seating_helpers import MASTER, Player
from tests.conversations.seating_helpers import reply as mail_reply

MOVED_ON = "The phase has moved on"


@pytest.fixture
def players(talk: Conversation) -> dict[str, Player]:
    return started_game(talk)


def test_a_refused_retreat_is_not_called_a_late_order(
        talk: Conversation, players: dict[str, Player]) -> None:
    # Russia dislodges Austria's army in Galicia; Ukraine, where Austria then tries to
    # retreat, is Russian: an illegal retreat, though it was a legal move in the spring.
    put_board(talk, "S1901M", ["AUSTRIA A gal", "RUSSIA A war", "RUSSIA A ukr"],
              {"war": "RUSSIA", "vie": "AUSTRIA"})
    send(talk, players["RUSSIA"], "A war - gal", "A ukr S A war - gal")
    mail_reply(talk, MASTER, "SIGNON Malpha gmpw\nPROCESS S1901M")
    reply = send(talk, players["AUSTRIA"], "A gal - ukr")
    assert "line 2: A gal - ukr" in reply.body and "[errors]" in reply.subject
    assert MOVED_ON not in reply.body


def test_a_late_move_still_says_the_phase_has_moved_on(
        talk: Conversation, players: dict[str, Player]) -> None:
    put_board(talk, "S1901M", ["FRANCE A par", "AUSTRIA A vie"], {"par": "FRANCE"})
    send(talk, players["FRANCE"], "A par - bur")
    mail_reply(talk, MASTER, "SIGNON Malpha gmpw\nPROCESS S1901M")
    reply = send(talk, players["FRANCE"], "A par - pic")  # the army stands in Burgundy now
    assert MOVED_ON in reply.body


def test_a_build_on_a_centre_lost_says_it_is_not_owned(
        talk: Conversation, players: dict[str, Player]) -> None:
    put_board(talk, "W1901A", ["TURKEY A sev", "RUSSIA A mos"],
              {"sev": "TURKEY", "mos": "RUSSIA", "war": "RUSSIA", "stp": "RUSSIA"})
    reply = send(talk, players["RUSSIA"], "build A Sev")
    assert entry(reply, 2, "build A Sev", "Russia does not own Sevastopol"), reply.body
