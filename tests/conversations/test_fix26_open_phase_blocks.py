"""Fix 26, found as an adversary: the two faults fixed for orders sent ahead were there
in the open phase too.

1. Two blocks of the open phase in one message (`A par-bur`, `PHASE F1901M` ..., `PHASE`,
   `A par-pic`) were taken one by one, each merged into the set the block before had
   saved, so the second silently replaced the first, though both are one message's
   (DATC 4.D.3). judge/commands/orders.py `_now` now settles every block of the open
   phase in a message together, answered once the message has run.
2. `lines 2, 3 and 4 give A Paris different orders` was said when lines 2 and 3 are one
   order written twice (judge/game/arrival.py: now it counts the orders, as orders sent
   ahead do)."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error, no_errors


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_two_blocks_of_the_open_phase_are_one_message(table: Table) -> None:
    sent = table.player("FRANCE", "A par-bur\nPHASE F1901M\nA mar-spa\nPHASE\nA par-pic")
    assert error(sent, "A par-bur").startswith("lines 2 and 6 give A Paris different orders")
    assert error(sent, "A par-pic").startswith("lines 2 and 6 give A Paris different orders")
    assert table.orders("S1901M").get("FRANCE", []) == []
    assert table.future() == {("F1901M", "FRANCE"): ["A mar-spa"]}


def test_a_later_message_still_replaces(table: Table) -> None:
    """DATC 4.D.1: across messages the later order stands, without a word."""
    no_errors(table.player("FRANCE", "A par-bur"))
    no_errors(table.player("FRANCE", "PHASE F1901M\nA mar-spa\nPHASE\nA par-pic"))
    assert table.orders("S1901M")["FRANCE"] == ["A par-pic"]


def test_the_same_order_in_two_blocks_of_the_open_phase_is_no_clash(table: Table) -> None:
    sent = no_errors(table.player("FRANCE", "A par-bur\nPHASE F1901M\nA mar-spa\nPHASE\n"
                                            "A Paris - Burgundy"))
    assert "A Paris -> Burgundy." in sent.body, sent.body


def test_a_repeated_order_in_the_open_phase_is_said_to_be_one(table: Table) -> None:
    sent = table.player("FRANCE", "A par-bur\nA Paris - Burgundy\nA par-pic")
    said = error(sent, "A par-pic")
    assert said.startswith("lines 2, 3 and 4 give A Paris 2 different orders in one message "
                           "(lines 2 and 3 give the same order), so none of them stands"), said
    assert error(sent, "A Paris - Burgundy") == said


def test_the_reply_answers_its_lines_in_their_order(table: Table) -> None:
    """Order lines are answered once the message has run, after the commands that follow
    them; the reply still lists each section in the order of the lines it answers."""
    sent = no_errors(table.player("FRANCE", "PHASE F1901M\nA par-bur\nPHASE\nA mar-spa\n"
                                            "ORDERS"))
    done = sent.body.split("\nDone\n", 1)[1].split("\n\n", 1)[0]
    numbers = [int(line.split(":")[0].split()[1]) for line in done.splitlines()
               if line.startswith("line ")]
    assert numbers == sorted(numbers) == [1, 2, 3, 4, 5, 6], done
