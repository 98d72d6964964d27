"""A hurried player sends `REMOVE P Gal` in the Fall, before the engineer there is captured
(at the end of the season, rn45 C4 4a). The reply once said "'REMOVE P Gal' is a disband,
but Fall 1901 Movement takes only holds, moves, supports and convoys", though C4 4c lets a
captor's country disband its prison in a Spring or Fall (docs/variants/engineered.md)."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import process_turn, send_orders, started


def test_a_prison_removed_where_he_holds_none_says_so(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7)
    send_orders(talk, seats["RUSSIA"], "E War", "A War - Ukr")
    process_turn(talk, "Spring 1901 Movement")
    sent = send_orders(talk, seats["RUSSIA"], "REMOVE P Gal")
    assert "takes only holds" not in sent.body, sent.body
    assert "line 2: REMOVE P Gal\n    you hold no prison in Galicia: an engineer captured " \
        "becomes its captor's prison at the end of the season (rn45 C4 4a), and REMOVE P " \
        "disbands one you hold (C4 4c)\n" in sent.body, sent.body
