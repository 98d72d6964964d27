"""Orders after the second attack (adv2): an army's coast, two orders for one unit in one
message. The game starts Monday 2 Nov 2026 09:00 UTC."""

from __future__ import annotations

import pytest

from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import play_holds, send
from tests.conversations.seating_helpers import Player


@pytest.fixture
def players(talk: Conversation) -> dict[str, Player]:
    return started_game(talk)


def test_an_armys_coast_is_left_out_of_its_order(
        talk: Conversation, players: dict[str, Player]) -> None:
    reply = send(talk, players["TURKEY"], "A Con - Bulgaria (ec)")
    assert "  A Constantinople -> Bulgaria.\n" in reply.body
    # The same move with and without a coast is one order: no conflict, nothing refused.
    reply = send(talk, players["TURKEY"], "A Con - Bul", "A Con - Bul/sc")
    assert "[errors]" not in reply.subject
    assert "different orders" not in reply.body
    assert "  A Constantinople -> Bulgaria.\n" in reply.body
    play_holds(talk, {p: pl for p, pl in players.items() if p != "TURKEY"})
    send(talk, players["TURKEY"], "F ank H", "A smy H")
    [results] = [m for m in talk.mails_to(players["TURKEY"].address) if "results" in m.subject]
    assert "Turkey:   A Constantinople -> Bulgaria.\n" in results.body
    assert "Bulgaria (sc)" not in results.body
