"""adv10: the open phase's blocks of one message are settled together (fix 26), each
block merged into the set the message found before its first; a CLEAR between two
blocks cleared that set in the store, but the next block merged into the set found
before CLEAR, so the orders CLEAR had cleared (of an earlier message, too) came back."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, no_errors


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_clear_between_blocks_clears_what_came_before_it(table: Table) -> None:
    no_errors(table.player("FRANCE", "F bre-mao"))
    no_errors(table.player("FRANCE", "A par-bur\nCLEAR\nA mar-spa"))
    assert table.orders("S1901M")["FRANCE"] == ["A mar-spa"]


def test_an_order_before_clear_does_not_clash_with_one_after(table: Table) -> None:
    sent = no_errors(table.player("FRANCE", "A par-bur\nCLEAR\nA par-pic"))
    assert "All of France's orders for S1901M are cleared." in sent.body, sent.body
    assert table.orders("S1901M")["FRANCE"] == ["A par-pic"]
