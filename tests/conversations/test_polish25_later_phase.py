"""Polish 25, item 3: Fall orders written in the Spring without a PHASE line were refused
with "there is no unit in Serbia" and nothing more, and the writer could not tell why.
When the line would fit a later phase his own orders lead to (a move from a place one of
his orders this phase moves a unit into; a build), the reply adds how to send it there.
The note reads only his own lines and the public calendar (refusal_notes.for_later)."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error

NOTE = ("If it is meant for {title}, send it after a line PHASE {code}: orders for a later "
        "phase need PHASE first (HELP PHASE)")


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_a_fall_move_sent_in_the_spring_is_told_about_phase(table: Table) -> None:
    # Austria orders his army in Budapest to Serbia this Spring: the line is for the Fall.
    sent = table.player("AUSTRIA", "A ser-bul\nA bud-ser")
    assert error(sent, "A ser-bul") == "there is no unit in Serbia. " + NOTE.format(
        title="Fall 1901 Movement", code="F1901M")


def test_a_place_none_of_his_orders_moves_into_gets_no_note(table: Table) -> None:
    # Nothing of Austria's goes to Serbia this Spring: a slip, not an order for later
    # (nor is France's line, who has nothing near).
    for power in ("AUSTRIA", "FRANCE"):
        sent = table.player(power, "A ser-bul")
        assert error(sent, "A ser-bul") == "there is no unit in Serbia"


def test_a_build_sent_in_the_spring_is_pointed_to_the_winter(table: Table) -> None:
    sent = table.player("FRANCE", "Build A par")
    assert error(sent, "Build A par").endswith(
        "with examples. " + NOTE.format(title="Winter 1901 Adjustments", code="W1901A"))


def test_help_phase_answers(table: Table) -> None:
    sent = table.player("FRANCE", "HELP PHASE")
    assert "PHASE" in sent.body and "later phase" in sent.body, sent.body
