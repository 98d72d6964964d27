"""Newcomer 25: three replies a newcomer could not act on whose fix lies in modules other
helpers own this session (judge/commands/orders.py, judge/commands/seating.py), kept as
strict xfails for their owners: each passes once its reply is put right.

* `PHASE Fal 1901` (a typo) is refused, but the orders after it, meant for Fall, are then
  taken for the phase now open and replace the Spring orders without a word;
* `CLEAR A par` (njudge players clear one unit) clears every order of the phase, its
  argument unread, and the reply says all were cleared as if that were asked;
* `CREATE se gmpw envoi hidden=secret` (the variant misspelt) is answered "'hidden=secret'
  is not an option" with the standard game's options, not that 'envoi' is no variant.
"""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error


@pytest.mark.xfail(strict=True, reason="orders.py run_phase leaves jc.phase at the current "
                   "phase when PHASE does not read, so the lines after it replace its orders")
def test_orders_after_a_phase_that_does_not_read_are_not_taken_for_now(
        talk: Conversation) -> None:
    table = Table.started(talk)
    reply = table.player("FRANCE", "A par - pic\nPHASE Fal 1901\nA par - bur")
    assert "  A Paris -> Picardy.\n" in reply.body, reply.body
    assert "line 4: A par - bur\n    not taken" in reply.body, reply.body


@pytest.mark.xfail(strict=True, reason="orders.py run_clear ignores its arguments and "
                   "clears every order of the phase")
def test_clear_with_a_unit_does_not_clear_every_order(talk: Conversation) -> None:
    table = Table.started(talk)
    table.player("FRANCE", "A par - bur\nF bre - mao")
    reply = table.player("FRANCE", "CLEAR A par")
    # Cleared alone, or refused with how to change one order: Brest's order stands.
    assert "  F Brest -> Mid-Atlantic Ocean.\n" in reply.body, reply.body


def test_a_misspelt_variant_is_named_as_the_fault(talk: Conversation) -> None:
    talk.send("gm@example.org", "REGISTER\nname: Gil Master\nEND")
    reply = talk.send("gm@example.org", "CREATE se gmpw envoi hidden=secret players=3")
    assert reply is not None
    assert "no variant 'envoi'" in error(reply, "CREATE se gmpw envoi hidden=secret "
                                                      "players=3"), reply.body
