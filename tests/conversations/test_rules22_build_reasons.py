"""A build refused by mail gives the more fundamental reason first: on a captured centre
that is no home centre, with the writer's own army on it, "not a home centre" (it could
never be built on), not "not vacant" (judge/engine/adjustments.py `_why_not_site`)."""

from __future__ import annotations

from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import entry, put_board, send

# Winter 1901: Italy took Marseilles and her army stands on it; Venice is occupied too.
# Five centres, three units: two builds, and only Rome and Naples are vacant home centres.
UNITS = ["ITALY A mar", "ITALY A ven", "ITALY F ion", "FRANCE A bur"]
OWNERS = {"rom": "ITALY", "nap": "ITALY", "ven": "ITALY", "mar": "ITALY", "tun": "ITALY",
          "par": "FRANCE", "bre": "FRANCE"}


def test_a_build_on_a_captured_centre_is_refused_as_no_home_centre(
        talk: Conversation) -> None:
    players = started_game(talk)
    put_board(talk, "W1901A", UNITS, OWNERS)
    reply = send(talk, players["ITALY"], "Build A Mar", "Build A Ven", "Build A Tun")
    assert entry(reply, 2, "Build A Mar", "Marseilles is not a home centre of Italy. Italy "
                 "may build in Naples, Rome."), reply.body
    assert entry(reply, 3, "Build A Ven", "Venice is not vacant. Your A Venice stands "
                                          "there."), reply.body
    assert entry(reply, 4, "Build A Tun", "Tunis is not a home centre of Italy. Italy may "
                 "build in Naples, Rome."), reply.body
