"""A newcomer's 1885-III orders by mail: replies that once said something untrue or left
out what he needed to put the line right."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.v1885.mail_game import choose, master, orders, started


def test_an_order_for_a_unit_his_own_order_moved_is_not_called_late(
        talk: Conversation) -> None:
    # `f val h` in February, the fleet having left Valencia by his January order, was once
    # answered "This order fits January 1885 Movement ...: orders for it came too late",
    # though his January orders had come in time and this one was never meant for January.
    started(talk)
    choose(talk)
    assert "error" not in orders(talk, "SPAIN", "F Val - Wes").body.lower()
    master(talk, "PROCESS")
    sent = orders(talk, "SPAIN", "f val h")
    assert "line 2: f val h\n    there is no unit in Valencia\n" in sent.body, sent.body
    assert "too late" not in sent.body and "moved on" not in sent.body
