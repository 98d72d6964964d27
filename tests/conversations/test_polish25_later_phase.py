"""Polish 25, item 3: Fall orders written in the Spring without a PHASE line were refused
with "there is no unit in Serbia" and nothing more, and the writer could not tell why.
When the line would fit a later phase his own units could bring it to (a move from a
place next to one of his units; a build), the reply adds how to send it there. The note
reads only his own line, his own units and the public calendar (refusals.Explainer)."""

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
    # Austria's army in Budapest may reach Serbia this Spring: the line is for the Fall.
    sent = table.player("AUSTRIA", "A bud-ser\nA ser-bul")
    assert error(sent, "A ser-bul") == "there is no unit in Serbia. " + NOTE.format(
        title="Fall 1901 Movement", code="F1901M")


def test_a_place_none_of_his_units_can_reach_gets_no_note(table: Table) -> None:
    # France has nothing next to Serbia: a slip, not an order for later.
    sent = table.player("FRANCE", "A ser-bul")
    assert error(sent, "A ser-bul") == "there is no unit in Serbia"


def test_a_build_sent_in_the_spring_is_pointed_to_the_winter(table: Table) -> None:
    sent = table.player("FRANCE", "Build A par")
    assert error(sent, "Build A par").endswith(
        "with examples. " + NOTE.format(title="Winter 1901 Adjustments", code="W1901A"))


def test_help_phase_answers(table: Table) -> None:
    sent = table.player("FRANCE", "HELP PHASE")
    assert "PHASE" in sent.body and "later phase" in sent.body, sent.body
