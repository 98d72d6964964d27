"""Fix 26: orders sent ahead (`PHASE <later phase>`) in several blocks of one message.

Two `PHASE F1901M` blocks of one message are that message's orders for F1901M, as one
block is (DATC 4.D.3): a unit ordered in both is settled and said as in one block (adv9
found the second block silently replacing the first). And a clash of three lines of
which two repeat one order says so: "lines 3, 4 and 5 give different orders" was said
of two orders."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, done, error, no_errors
from tests.conversations.orders_board import set_rule

HOLD = ("lines 3 and 5 give the unit in Paris different orders for F1901M in one message, "
        "so none of them is kept and it has no order for F1901M (this game's rule "
        "duplicate_orders=hold, DATC 4.D.3); send the one order you mean after PHASE "
        "F1901M; without one it holds when the turn is processed")
REPEATED = ("lines 3, 4 and 5 give the unit in Paris 2 different orders for F1901M in one "
            "message (lines 3 and 4 give the same order), so none of them is kept and it "
            "has no order for F1901M (this game's rule duplicate_orders=hold, DATC 4.D.3); "
            "send the one order you mean after PHASE F1901M; without one it holds when the "
            "turn is processed")


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_two_blocks_of_one_phase_are_settled_as_one(table: Table) -> None:
    no_errors(table.player("FRANCE", "PHASE F1901M\nA par-gas"))  # an earlier message
    sent = table.player("FRANCE", "PHASE F1901M\nA par-bur\nPHASE F1901M\nA par-pic\nA mar-spa")
    assert error(sent, "A par-bur") == HOLD
    assert error(sent, "A par-pic") == HOLD
    # The earlier message's order for Paris goes too, as within one block.
    assert table.future() == {("F1901M", "FRANCE"): ["A mar-spa"]}


def test_blocks_with_other_phases_between_are_still_one_message(table: Table) -> None:
    sent = table.player("FRANCE", "PHASE F1901M\nA par-bur\nPHASE\nA par-gas\n"
                                  "PHASE F1901M\nA par-pic")
    assert error(sent, "A par-bur").startswith("lines 3 and 7 give the unit in Paris")
    assert error(sent, "A par-pic").startswith("lines 3 and 7 give the unit in Paris")
    assert done(sent, "A par-gas") == ""  # the open phase's order is its own
    assert table.future() == {("F1901M", "FRANCE"): []}


def test_the_same_order_in_two_blocks_is_no_clash(table: Table) -> None:
    no_errors(table.player("FRANCE", "PHASE F1901M\nA par-bur\nPHASE F1901M\nA Paris -> Burgundy"))
    assert table.future() == {("F1901M", "FRANCE"): ["A par-bur", "A Paris -> Burgundy"]}


def test_with_duplicate_orders_last_the_second_block_stands(table: Table) -> None:
    set_rule(table.talk, duplicate_orders="last")
    sent = no_errors(table.player("FRANCE", "PHASE F1901M\nA par-bur\nPHASE F1901M\nA par-pic"))
    assert done(sent, "A par-bur") == ("replaced by line 5: the last order for Paris in a "
                                       "message stands")
    # Both stored, as from one block: the phase's merge of the stored lines takes the last.
    assert table.future() == {("F1901M", "FRANCE"): ["A par-bur", "A par-pic"]}


def test_a_repeated_order_is_said_to_be_one(table: Table) -> None:
    sent = table.player("FRANCE", "PHASE F1901M\nA par-bur\nA Paris - Burgundy\nA par-pic")
    assert error(sent, "A par-bur") == REPEATED
    assert error(sent, "A par-pic") == REPEATED


def test_a_later_message_is_not_the_same_message(table: Table) -> None:
    """Adversary: the blocks are the message's, not the phase row's: a second message
    replaces (DATC 4.D.1) and is no clash."""
    no_errors(table.player("FRANCE", "PHASE F1901M\nA par-bur"))
    no_errors(table.player("FRANCE", "PHASE F1901M\nA par-pic"))
    assert table.future() == {("F1901M", "FRANCE"): ["A par-bur", "A par-pic"]}


def test_another_powers_block_in_one_message_is_not_a_clash(table: Table) -> None:
    """Adversary: one message signed on to two seats (two SIGNONs): each power's blocks
    are settled alone; Germany's lines never touch France's."""
    password = table.players["GERMANY"][1]
    no_errors(table.player("FRANCE", f"PHASE F1901M\nA par-bur\nSIGNON Galpha {password}\n"
                                     "PHASE F1901M\nA mun-ruh"))
    assert table.future() == {("F1901M", "FRANCE"): ["A par-bur"],
                              ("F1901M", "GERMANY"): ["A mun-ruh"]}
