"""Polish 25, item 5: a build refused with "Kiel is not vacant" did not say what stands
there, and the writer could not tell what to do about it. The reply now names the unit
when the writer may see it (refusals.Explainer reads the board he knows: in a hidden
game only from his own knowledge)."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error
from tests.conversations.orders_board import put_board

# Winter 1901: Germany owns five centres and has two units, its fleet in Kiel.
UNITS = ["GERMANY F kie", "GERMANY A hol", "FRANCE A bur"]
OWNERS = {"kie": "GERMANY", "ber": "GERMANY", "mun": "GERMANY", "hol": "GERMANY",
          "den": "GERMANY", "par": "FRANCE"}


@pytest.fixture
def table(talk: Conversation) -> Table:
    table = Table.started(talk)
    put_board(talk, "W1901A", UNITS, OWNERS)
    return table


def test_a_build_on_an_occupied_centre_names_the_unit_there(table: Table) -> None:
    sent = table.player("GERMANY", "Build A kie")
    assert error(sent, "Build A kie") == "Kiel is not vacant. Your F Kiel stands there."


def test_a_vacant_centre_still_builds(table: Table) -> None:
    sent = table.player("GERMANY", "Build A kie\nBuild A ber")
    assert "BUILD A Berlin." in sent.body, sent.body


def test_another_powers_unit_is_named_with_its_power(talk: Conversation) -> None:
    # A French army in Kiel, which Germany still owns (a board put there: in an open game
    # every unit is public, so naming it tells Germany nothing new).
    table = Table.started(talk)
    put_board(talk, "W1901A", ["FRANCE A kie", "GERMANY A hol"], OWNERS)
    sent = table.player("GERMANY", "Build F kie")
    assert error(sent, "Build F kie") == "Kiel is not vacant. France's A Kiel stands there."
