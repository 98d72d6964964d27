"""Newcomer 25: three replies a newcomer could not act on, found in modules other helpers
owned that session (judge/commands/orders.py, judge/commands/seating.py), put right at
the merge:

* `PHASE Fal 1901` (a typo) was refused, but the orders after it, meant for Fall, were
  then taken for the phase now open and replaced the Spring orders without a word;
* `CLEAR A par` cleared every order of the phase, its argument unread, and the reply
  said all were cleared as if that were asked;
* `CREATE se gmpw envoi hidden=secret` (the variant misspelt) was answered
  "'hidden=secret' is not an option" with the standard game's options.
"""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error


def test_orders_after_a_phase_that_does_not_read_are_not_taken_for_now(
        talk: Conversation) -> None:
    table = Table.started(talk)
    reply = table.player("FRANCE", "A par - pic\nPHASE Fal 1901\nA par - bur")
    assert "  A Paris -> Picardy.\n" in reply.body, reply.body
    assert "line 4: A par - bur\n    not taken" in reply.body, reply.body


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
