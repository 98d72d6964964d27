"""A newcomer's hurried orders in 1885-III by mail: every refusal quotes the line and says
something true and readable."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.v1885.mail_game import choose, master, orders, started


def test_an_army_sent_to_sea_is_refused_in_plain_english(talk: Conversation) -> None:
    # The reply once read "armys cannot go to Hebridean Sea (sea)".
    started(talk)
    choose(talk)
    sent = orders(talk, "SWEDEN", "A Sto - Hebrides")
    assert "line 2: A Sto - Hebrides\n    armies cannot go to Hebridean Sea (sea)" in \
        sent.body, sent.body


def test_an_armys_move_from_a_sea_with_no_army_aboard_says_whose_order_it_is(
        talk: Conversation) -> None:
    # No A/F in the Ionian and no army boards there: `A Ion - Gre` is the fleet's order
    # (the kind a hint), beside its own `F Ion - Aeg`. It was once answered "F Ionian Sea
    # was given 2 different orders, so it holds", while the fleet kept its move.
    started(talk)
    choose(talk)
    assert "error" not in orders(talk, "ITALY", "F Nap - Ion", "A Ven - Apu").body.lower()
    master(talk, "PROCESS")
    orders(talk, "ITALY", "F Ion - Aeg")
    sent = orders(talk, "ITALY", "A Ion - Gre")
    assert "line 2: A Ion - Gre\n    no A/F stands in Ionian Sea and no army boards the " \
        "fleet there this month, so an army's move from it is the fleet's order, and the " \
        "fleet has one already" in sent.body, sent.body
    assert "so it holds" not in sent.body and "F Ionian Sea -> Aegean Sea." in sent.body
