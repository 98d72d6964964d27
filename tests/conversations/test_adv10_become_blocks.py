"""adv10: the open phase's blocks of one message are settled together (fix 26,
judge/commands/order_answers.py); a master who BECOMEs two powers in turn writes two
powers' blocks, which must stay each power's own: France's second block joins France's
first, and Germany's is Germany's alone."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error, no_errors


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_blocks_of_two_powers_in_one_message_stay_each_powers(table: Table) -> None:
    no_errors(table.master("BECOME France\nA par-bur\nBECOME Germany\nA ber-kie\n"
                           "BECOME France\nA mar-spa"))
    orders = table.orders("S1901M")
    assert sorted(orders["FRANCE"]) == ["A mar-spa", "A par-bur"], orders
    assert orders["GERMANY"] == ["A ber-kie"], orders


def test_one_powers_clash_across_another_powers_block(table: Table) -> None:
    sent = table.master("BECOME France\nA par-bur\nBECOME Germany\nA ber-kie\n"
                        "BECOME France\nA par-pic")
    assert error(sent, "A par-pic").startswith("lines 3 and 7 give A Paris different orders")
    orders = table.orders("S1901M")
    assert orders.get("FRANCE", []) == [] and orders["GERMANY"] == ["A ber-kie"], orders
