"""Polish 25, item 2: two lines for one unit in one message of orders sent ahead
(`PHASE <later phase>`) were both kept without a word, though in the current phase the
same two lines are a clash (DATC 4.D.3) and the reply says so. Now the reply to orders
sent ahead settles them by the same rule and says it the same way: it quotes both lines
and says which one stands (none, under the default duplicate_orders=hold)."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, done, error, no_errors
from tests.conversations.orders_board import set_rule

HOLD = ("lines 3 and 5 give the unit in Paris different orders for F1901M in one message, "
        "so none of them is kept and it has no order for F1901M (this game's rule "
        "duplicate_orders=hold, DATC 4.D.3); send the one order you mean after PHASE "
        "F1901M; without one it holds when the turn is processed")


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_two_orders_ahead_for_one_unit_leave_it_without_orders(table: Table) -> None:
    no_errors(table.player("FRANCE", "PHASE F1901M\nA par-gas"))  # an earlier message
    sent = table.player("FRANCE", "PHASE F1901M\nA par-bur\nA mar-spa\nA par - pic")
    assert error(sent, "A par-bur") == HOLD
    assert error(sent, "A par - pic") == HOLD
    assert table.future() == {("F1901M", "FRANCE"): ["A mar-spa"]}
    # As in the current phase, a later message gives the unit its order (DATC 4.D.1).
    no_errors(table.player("FRANCE", "PHASE F1901M\nA par-bur"))
    assert table.future() == {("F1901M", "FRANCE"): ["A mar-spa", "A par-bur"]}


def test_the_same_order_written_twice_is_no_clash(table: Table) -> None:
    no_errors(table.player("FRANCE", "PHASE F1901M\nA par-bur\nA Paris -> Burgundy"))
    assert table.future() == {("F1901M", "FRANCE"): ["A par-bur", "A Paris -> Burgundy"]}


def test_with_duplicate_orders_last_the_reply_says_the_last_stands(table: Table) -> None:
    set_rule(table.talk, duplicate_orders="last")
    sent = no_errors(table.player("FRANCE", "PHASE F1901M\nA par-bur\nA par-pic"))
    assert done(sent, "A par-bur") == ("replaced by line 4: the last order for Paris in a "
                                       "message stands")
    assert done(sent, "A par-pic") == ("stands: it replaces line 3 (the last order for Paris "
                                       "in a message stands)")


def test_builds_sent_ahead_for_one_site_the_last_stands(table: Table) -> None:
    sent = no_errors(table.player("FRANCE", "PHASE W1901A\nBuild A Bre\nBuild F Bre"))
    assert done(sent, "Build A Bre") == ("replaced by line 4: the last order for Brest in a "
                                         "message stands")
    assert done(sent, "Build F Bre") == ("stands: it replaces line 3 (the last order for "
                                         "Brest in a message stands)")
