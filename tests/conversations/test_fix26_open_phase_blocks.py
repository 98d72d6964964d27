"""Fix 26, found as an adversary and left open (outside fix 26's files): the two faults
fixed for orders sent ahead are there in the open phase too.

1. Two blocks of the open phase in one message (`A par-bur`, `PHASE F1901M` ..., `PHASE`,
   `A par-pic`): each block is taken alone (judge/commands/orders.py `_now` and
   judge/game/arrival.py merge it into the set saved by the block before), so the second
   silently replaces the first, though both are one message's (DATC 4.D.3). Its fix needs
   the open phase's lines answered once the message has run, as orders sent ahead now
   are, which moves their entries in the reply.
2. `lines 2, 3 and 4 give A Paris different orders` is said when lines 2 and 3 are one
   order written twice (judge/game/arrival.py, reasons.CLASH_NONE_STANDS)."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


@pytest.mark.xfail(strict=True, reason="the open phase's blocks are taken one by one")
def test_two_blocks_of_the_open_phase_are_one_message(table: Table) -> None:
    sent = table.player("FRANCE", "A par-bur\nPHASE F1901M\nA mar-spa\nPHASE\nA par-pic")
    assert "line 2: A par-bur\n    " in sent.body, sent.body


@pytest.mark.xfail(strict=True, reason="arrival.py says 'different orders' of a repeat")
def test_a_repeated_order_in_the_open_phase_is_said_to_be_one(table: Table) -> None:
    sent = table.player("FRANCE", "A par-bur\nA Paris - Burgundy\nA par-pic")
    said = error(sent, "A par-pic")
    assert said.startswith("lines 2, 3 and 4 give A Paris 2 different orders"), said
