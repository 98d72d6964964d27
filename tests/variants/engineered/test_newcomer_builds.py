"""A newcomer's Winter by mail in Engineered: `build fleet Par`, a navy inland, is refused
saying why, as a move there would be."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import process_turn, send_orders, started


def france_to_winter_1901(talk: Conversation, *also: str) -> dict[str, tuple[str, str]]:
    """A game started, France's engineer placed in Paris and her army through Burgundy into
    Belgium (six centres by the Winter); `also`: more Fall lines. Returns the seats."""
    seats = started(talk, "engineered", players=7)
    send_orders(talk, seats["FRANCE"], "E Par", "A Par - Bur", "A Mar - Spa", "F Bre - Mao")
    process_turn(talk, "Spring 1901 Movement")
    send_orders(talk, seats["FRANCE"], "A Bur - Bel", *also, "A Spa H", "F Mao - Por")
    process_turn(talk, "Fall 1901 Movement")
    return seats


def test_a_navy_built_inland_is_refused_saying_it_cannot_stand_there(
        talk: Conversation) -> None:
    # It was once answered "say which unit to build in Paris: no unit of that kind".
    seats = france_to_winter_1901(talk)
    sent = send_orders(talk, seats["FRANCE"], "build fleet Par")
    assert "line 2: build fleet Par\n    navies cannot go to Paris (land)" in sent.body, \
        sent.body
