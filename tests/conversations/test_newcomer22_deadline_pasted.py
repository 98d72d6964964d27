"""Newcomer 22: a master moves a deadline by pasting it as the judge writes it.

Every notice writes a deadline as "Thu 05 Nov 2026 09:00 UTC"; a master who read only
docs/master.md and copied that form into SET DEADLINE (with the date changed) was told
'"Sat 07 Nov 2026 09:00 UTC" is not a date and time', and had to learn ISO 8601.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import (
    DEADLINE,
    Table,
    done,
    error,
    no_errors,
    notices,
    set_zone,
)


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_set_deadline_takes_the_deadline_as_the_judge_writes_it(table: Table) -> None:
    orders = no_errors(table.player("FRANCE", "A par-bur\nA mar-spa\nF bre-mao"))
    assert "Deadline: Thu 05 Nov 2026 09:00 UTC" in orders.body, orders.body
    reply = no_errors(table.master("SET DEADLINE Sat 07 Nov 2026 09:00 UTC"))
    assert done(reply, "SET DEADLINE Sat 07 Nov 2026 09:00 UTC") == (
        "The deadline of Spring 1901 Movement is now Sat 07 Nov 2026 09:00 UTC; everyone was "
        "told.")
    assert table.open_turn()["deadline"] == datetime(2026, 11, 7, 9, 0, tzinfo=UTC)
    moved = notices(table, "FRANCE")
    assert [s for s, _ in moved if not s.startswith("Re:")] == ["alpha: the deadline has moved"]
    # France's orders stand; moving the deadline does not touch them.
    assert table.orders("S1901M")["FRANCE"] == ["A par-bur", "A mar-spa", "F bre-mao"]


def test_the_written_form_reads_the_masters_zone_unless_it_names_one(table: Table) -> None:
    set_zone(table, "gm@example.org", "Europe/Paris")
    no_errors(table.master("SET DEADLINE 7 November 2026 10:00"))  # Paris is UTC+1 in November
    assert table.open_turn()["deadline"] == datetime(2026, 11, 7, 9, 0, tzinfo=UTC)
    no_errors(table.master("SET DEADLINE Sun 08 Nov 2026 09:00 America/New_York"))
    assert table.open_turn()["deadline"] == datetime(2026, 11, 8, 14, 0, tzinfo=UTC)


def test_a_weekday_that_is_not_the_dates_is_refused(table: Table) -> None:
    reply = table.master("SET DEADLINE Fri 07 Nov 2026 09:00")
    assert error(reply, "SET DEADLINE Fri 07 Nov 2026 09:00") == (
        '"Fri 07 Nov 2026 09:00": 7 November 2026 is a Saturday, not "Fri"; write e.g. '
        '"Sat 07 Nov 2026 09:00"')
    reply = table.master("SET DEADLINE 31 Nov 2026 09:00")
    assert error(reply, "SET DEADLINE 31 Nov 2026 09:00") == (
        '"31 Nov 2026 09:00": Nov 2026 has no day 31; write e.g. '
        '"Sat 28 Nov 2026 20:00"')
    assert table.open_turn()["deadline"] == DEADLINE
