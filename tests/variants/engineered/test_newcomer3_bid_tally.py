"""A newcomer's bid by mail (rn45 D3): a lone bid's tally once read "won, 1 bids to 0"."""

from __future__ import annotations

from datetime import timedelta

from tests.conversations.harness import Conversation
from tests.variants.engineered.test_madman import ORDERS, _deadline, _game, _send, _sweep


def test_a_lone_winning_bid_is_one_bid(talk: Conversation) -> None:
    seats = _game(talk)
    for power, lines in ORDERS.items():
        _send(talk, seats, power, *lines)
    deadline = _deadline(talk)
    talk.clock.set(deadline - timedelta(hours=24))
    _sweep(talk)
    _send(talk, seats, "AUSTRIA", "BID A Bud FOR A Con - Bul")
    talk.clock.set(deadline)
    _sweep(talk)
    [report] = [m for m in talk.mails_to(seats["AUSTRIA"][0]) if "results" in m.subject]
    assert "Austria:  Bid A Budapest for A Constantinople -> Bulgaria. (*won, 1 bid to 0: " \
        "A Constantinople takes this order, and the units offered for it stand in civil " \
        "disorder*)\n" in report.body, report.body
