"""adv10, as a newcomer: CLEAR after a PHASE line cleared the open phase's orders.

`PHASE F1901M` then `CLEAR` reads as 'clear my Fall orders', and `PHASE Fal 1901` (a
phase that does not read) then `CLEAR` as the same: both wiped the Spring orders the
player had sent, and the order lines after an unread PHASE are refused precisely
because they were meant for another phase (JudgeContext.unread_phase). CLEAR after a
PHASE line (read or not) is now refused, nothing cleared, until PHASE alone or SIGNON."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error, no_errors


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


@pytest.mark.parametrize("phase", ["F1901M", "Fal 1901"])
def test_clear_after_a_phase_line_clears_nothing_of_the_open_phase(
        table: Table, phase: str) -> None:
    no_errors(table.player("FRANCE", "A par-bur"))
    sent = table.player("FRANCE", f"PHASE {phase}\nCLEAR")
    said = error(sent, "CLEAR")
    assert said.startswith(f"CLEAR follows PHASE {phase}, but it clears only the phase "
                           "open now (S1901M), so nothing was cleared"), said
    assert table.orders("S1901M")["FRANCE"] == ["A par-bur"]


def test_clear_after_phase_alone_clears_the_open_phase(table: Table) -> None:
    no_errors(table.player("FRANCE", "A par-bur"))
    no_errors(table.player("FRANCE", "PHASE F1901M\nA mar-spa\nPHASE\nCLEAR"))
    assert table.orders("S1901M").get("FRANCE", []) == []
    assert table.future() == {("F1901M", "FRANCE"): ["A mar-spa"]}
