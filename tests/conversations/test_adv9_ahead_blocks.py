"""Adversary adv9 as a newcomer on orders sent ahead (judge/game/orders_ahead.py, polish
25): two lines for one unit in one message are settled and said (DATC 4.D.3), but only
within one PHASE block. The same phase named twice in one message (`PHASE F1901M`, an
order, `PHASE F1901M` again, another order for the same unit) keeps both lines without a
word, and the phase takes the last: the silence polish 25 ended for one block. Fix 26:
judge/commands/orders.py `_future` settles every block of one phase in a message together."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table


def test_one_unit_ordered_in_two_blocks_of_one_phase_is_said(talk: Conversation) -> None:
    table = Table.started(talk)
    sent = table.player("FRANCE", "PHASE F1901M\nA par-bur\nPHASE F1901M\nA par-pic").body
    # Line 3 (A par-bur) gets a word: replaced, or none kept (duplicate_orders=hold).
    assert "line 3: A par-bur\n    " in sent, sent
