"""SET DEADLINE as an njudge or DPjudge master writes it (newcomer pass 22), by mail on
SQLite and PostgreSQL: counted from now (+2d, +36h, +1d12h) or tomorrow, beside the
absolute forms; anything else is quoted back with every form that is accepted.

The game starts Monday 2 Nov 2026 09:00 UTC, the clock's time; S1901M's deadline is
Thursday 5 Nov 09:00 UTC (tests/conversations/test_master_schedule.py).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import (
    DEADLINE,
    MASTER,
    Table,
    done,
    error,
    no_errors,
    notices,
    set_zone,
)

NOW = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def table(talk: Conversation) -> Table:
    started = Table.started(talk)
    assert talk.clock.now() == NOW
    return started


@pytest.mark.parametrize(("when", "later"), [
    ("+2d", timedelta(days=2)),
    ("+36h", timedelta(hours=36)),
    ("+1d12h", timedelta(days=1, hours=12)),
    ("+90m", timedelta(minutes=90)),
    ("+ 3 days", timedelta(days=3)),
])
def test_set_deadline_counted_from_now(table: Table, when: str, later: timedelta) -> None:
    line = f"SET DEADLINE {when}"
    reply = no_errors(table.master(line))
    moment = NOW + later
    assert done(reply, line) == (
        f"The deadline of Spring 1901 Movement is now {moment:%a %d %b %Y %H:%M} UTC; "
        "everyone was told.")
    assert table.open_turn()["deadline"] == moment
    assert table.audit() == [("set_deadline", {"phase": "S1901M",
                                               "deadline": moment.isoformat()})]


def test_set_deadline_tomorrow_in_the_masters_zone(table: Table) -> None:
    set_zone(table, MASTER, "America/New_York")  # Monday 09:00 UTC is 04:00 there (EST)
    reply = no_errors(table.master("SET DEADLINE tomorrow\nSET DEADLINE tomorrow 20:00"))
    assert done(reply, "SET DEADLINE tomorrow") == (
        "The deadline of Spring 1901 Movement is now Tue 03 Nov 2026 04:00 America/New_York; "
        "everyone was told.")
    assert done(reply, "SET DEADLINE tomorrow 20:00") == (
        "The deadline of Spring 1901 Movement is now Tue 03 Nov 2026 20:00 America/New_York; "
        "everyone was told.")
    assert table.open_turn()["deadline"] == datetime(2026, 11, 4, 1, 0, tzinfo=UTC)
    assert notices(table, "FRANCE")[-1] == (
        "alpha: the deadline has moved",
        "The master of alpha moved the deadline of Spring 1901 Movement to "
        "Wed 04 Nov 2026 01:00 UTC (in 1 day 16 hours).\n")


def test_set_deadline_copied_from_the_judge_s_own_mail(table: Table) -> None:
    # A master pastes the deadline a report showed, moved by three hours.
    line = "SET DEADLINE Thu 05 Nov 2026 12:00 UTC"
    reply = no_errors(table.master(line))
    assert done(reply, line) == ("The deadline of Spring 1901 Movement is now Thu 05 Nov "
                                 "2026 12:00 UTC; everyone was told.")
    assert table.open_turn()["deadline"] == DEADLINE + timedelta(hours=3)


def test_set_start_takes_the_same_forms(talk: Conversation) -> None:
    table = Table.seated(talk)
    reply = no_errors(table.master("SET START +2d"))
    assert done(reply, "SET START +2d") == (
        "alpha starts at Wed 04 Nov 2026 09:00 UTC, or once full if that is later.")


ACCEPTED = ('write a date and time, "2026-11-28 20:00" (UTC time), "2026-11-28T20:00+01:00" '
            'or "Sat 28 Nov 2026 20:00" (as the judge writes them); a time from now, "+2d", '
            '"+36h" or "+1d12h"; or "tomorrow" (this time tomorrow) or "tomorrow 20:00"')


@pytest.mark.parametrize(("when", "reason"), [
    ("friday", f'"friday" is not a time I can read; {ACCEPTED}'),
    ("+soon", f'"+soon" is not a time I can read; {ACCEPTED}'),
    ("2d", f'"2d" is not a time I can read; {ACCEPTED}'),
    ("tomorrow noon", '"noon" is not a time of day; write 24-hour HH:MM, e.g. "20:00"'),
    ("next tuesday 20:00", f'"next tuesday 20:00" is not a time I can read; {ACCEPTED}'),
    ("+400d", '"+400d" is too far off; the most is 365 days, e.g. "+14d"'),
    ("+0h", "Mon 02 Nov 2026 09:00 UTC has passed; give a time still to come"),
])
def test_set_deadline_refusals_quote_it_and_list_the_forms(
        table: Table, when: str, reason: str) -> None:
    line = f"SET DEADLINE {when}"
    assert error(table.master(line), line) == reason
    assert table.open_turn()["deadline"] == DEADLINE
    assert table.audit() == []


def test_set_deadline_alone_shows_every_form(table: Table) -> None:
    assert error(table.master("SET DEADLINE"), "SET DEADLINE") == (
        "write SET DEADLINE <when>: a date and time, e.g. SET DEADLINE 2026-11-28 20:00 (UTC "
        "time), a time from now, e.g. SET DEADLINE +2d or SET DEADLINE +36h, or SET "
        "DEADLINE tomorrow")
