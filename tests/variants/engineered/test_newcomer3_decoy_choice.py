"""A newcomer's Winter by mail with decoys (rn45 C2 2b): the reply to `DECOY A Mun` once
still offered him "You may also order: a decoy of A Mun (DECOY A Mun)", the order he had
just given."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import process_turn, send_orders, started


def test_a_decoy_ordered_is_no_longer_offered(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7,
                    options={"level": "complex", "decoys": "yes"})
    # Germany's engineer placed with the army in Munich, which holds; Denmark taken.
    send_orders(talk, seats["GERMANY"], "E Mun", "A Mun H", "F Kie - Den", "A Ber H")
    process_turn(talk, "Spring 1901 Movement")
    process_turn(talk, "Fall 1901 Movement")
    sent = send_orders(talk, seats["GERMANY"], "DECOY A Mun")
    assert "  DECOY A Munich.\n" in sent.body, sent.body
    assert "Still without orders: 1 more build (or WAIVE)\n" in sent.body, sent.body
    assert "a decoy of A Mun" not in sent.body, sent.body
