"""A newcomer's decoy orders by mail (rn45 C2 2b, C8 8b) in a Spring with no decoy on the
board: the Winter's `DECOY A Ven` and the Spring's `DECOY A Ven - Tyr` are refused with how
decoys come, and the order set never shows his army an order it does not have."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import send_orders, started

OPTIONS = {"level": "complex", "decoys": "yes"}


def test_the_winters_form_in_a_spring_says_how_decoys_are_ordered(
        talk: Conversation) -> None:
    # It once asked for "an order for the unit: H to hold, '-' and a province to move".
    seats = started(talk, "engineered", players=7, options=OPTIONS)
    sent = send_orders(talk, seats["ITALY"], "DECOY A Ven")
    assert "line 2: DECOY A Ven\n    DECOY A Ven alone makes a decoy, in a Winter only " \
        "(rn45 C2 2b); in the Spring after, DECOY A Ven - <area> moves your decoy out and " \
        "DECOY A Ven H keeps it there (C8 8b)." in sent.body, sent.body


def test_a_spring_decoy_order_without_a_decoy_is_refused(talk: Conversation) -> None:
    # It once read "A Venice -> Tyrolia." in the order set, the army still without orders.
    seats = started(talk, "engineered", players=7, options=OPTIONS)
    for line in ("DECOY A Ven - Tyr", "DECOY A Ven H"):
        sent = send_orders(talk, seats["ITALY"], line)
        assert f"line 2: {line}\n    you have no decoy beside your unit in Venice: a decoy " \
            "is made in a Winter (DECOY A Mos, rn45 C2 2b)" in sent.body, sent.body
        assert "A Venice ->" not in sent.body and "A Venice HOLD" not in sent.body, sent.body
        assert "(no orders yet)" in sent.body, sent.body
