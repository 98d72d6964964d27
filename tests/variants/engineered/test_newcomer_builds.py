"""A newcomer's Winter by mail in Engineered: `build fleet Par`, a navy inland, is refused
saying why, as a move there would be."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import process_turn, send_orders, started


def test_a_navy_built_inland_is_refused_saying_it_cannot_stand_there(
        talk: Conversation) -> None:
    # It was once answered "say which unit to build in Paris: no unit of that kind".
    seats = started(talk, "engineered", players=7)
    send_orders(talk, seats["FRANCE"], "E Par", "A Par - Bur", "A Mar - Spa", "F Bre - Mao")
    process_turn(talk, "Spring 1901 Movement")
    send_orders(talk, seats["FRANCE"], "A Bur - Bel", "A Spa H", "F Mao - Por")
    process_turn(talk, "Fall 1901 Movement")
    sent = send_orders(talk, seats["FRANCE"], "build fleet Par")
    assert "line 2: build fleet Par\n    navies cannot go to Paris (land)" in sent.body, \
        sent.body
