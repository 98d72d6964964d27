"""Polish 25, the newcomer's run by mail (a Standard game and a 1885-III game to the first
builds, every command of docs/commands.md once, with typos): the replies he could not act
on. 'F mar-gol' for his army was told only "armies cannot go to Gulf of Lyon", though he
wrote a fleet; and 'SET SCHEDULE movement 2 days' was told "days needs a value"."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error, no_errors
from tests.conversations.test_newcomer24_algernon import GM, send


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_an_order_for_the_wrong_kind_of_unit_names_the_one_there(table: Table) -> None:
    sent = table.player("FRANCE", "F mar-gol")
    assert error(sent, "F mar-gol") == (
        "armies cannot go to Gulf of Lyon (sea). Your unit there is A Marseilles, not a "
        "fleet: an order is for the unit that stands there (DATC 4.C.1).")


def test_the_right_kind_gets_no_note(table: Table) -> None:
    sent = table.player("FRANCE", "A mar-gol")
    assert error(sent, "A mar-gol") == "armies cannot go to Gulf of Lyon (sea)"


def test_a_length_in_days_written_out_is_read(talk: Conversation) -> None:
    # The newcomer's 'SET SCHEDULE movement 2 days' was told "days needs a value".
    no_errors(send(talk, GM, "REGISTER", "name: Gus Master", "END",
                   "CREATE alpha gmpw standard"))
    changed = no_errors(send(talk, GM, "SIGNON Malpha gmpw",
                             "SET SCHEDULE movement 2 days retreat 1 day days Mon-Fri"))
    assert "Movement 2 days, retreats 1 day, adjustments 1 day; grace 1 day." in changed.body
    assert "Deadlines fall on: Mon, Tue, Wed, Thu, Fri" in changed.body, changed.body


def test_set_grace_alone_says_what_to_write(table: Table) -> None:
    # It answered '"" is not a duration; write e.g. "72h", ...'.
    assert error(table.master("SET GRACE"), "SET GRACE") == (
        "write SET GRACE <duration>, e.g. SET GRACE 24h (how long late orders are taken "
        "after a deadline; 0 for none)")
