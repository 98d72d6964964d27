"""A newcomer's hurried orders in 1885-III by mail: every refusal quotes the line and says
something true and readable."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.v1885.mail_game import choose, orders, started


def test_an_army_sent_to_sea_is_refused_in_plain_english(talk: Conversation) -> None:
    # The reply once read "armys cannot go to Hebridean Sea (sea)".
    started(talk)
    choose(talk)
    sent = orders(talk, "SWEDEN", "A Sto - Hebrides")
    assert "line 2: A Sto - Hebrides\n    armies cannot go to Hebridean Sea (sea)" in \
        sent.body, sent.body
