"""A newcomer madmanned in the first Spring (rn45 D2) sends his orders late: the reply once
refused them and then offered him the placement of his engineer (C1 1a), an order he can
no longer give this season."""

from __future__ import annotations

from datetime import timedelta

from tests.conversations.harness import Conversation
from tests.variants.engineered.test_madman import ORDERS, _deadline, _game, _send, _sweep


def test_a_madmanned_players_reply_offers_him_no_placement(talk: Conversation) -> None:
    seats = _game(talk)
    for power, lines in ORDERS.items():
        _send(talk, seats, power, *lines)
    talk.clock.set(_deadline(talk) - timedelta(hours=24))
    assert "alpha S1901M: bidding opened" in _sweep(talk)
    late = _send(talk, seats, "TURKEY", "E Con", "A Con - Bul")
    assert "line 2: E Con\n    your orders were not in 24 hours before the deadline, so " \
        "your units are madmanned this season and others bid for them (rn45 D2)\n" \
        in late.body, late.body
    assert "You may also order" not in late.body, late.body
    assert "placement of your engineer" not in late.body, late.body
    # Nothing of his was taken: not "Your orders are complete." (advnew2's finding)
    assert "  (no orders yet)\n\nYou owe no orders this phase.\n" in late.body, late.body
