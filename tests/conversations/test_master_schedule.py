"""The master's deadline commands (SET DEADLINE, SET GRACE, SET START, SET SCHEDULE), by
mail, on SQLite and PostgreSQL. The other settings: test_master_settings.py.

The game starts Monday 2 Nov 2026 09:00 UTC; the default schedule (movement 72 hours,
grace 24 hours) gives S1901M its deadline on Thursday 5 Nov 09:00 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import (
    DEADLINE,
    MASTER,
    Table,
    change_open_turn,
    done,
    error,
    no_errors,
    notices,
    set_zone,
)
from tests.conversations.seating_helpers import MASTER as SEATING_MASTER
from tests.conversations.seating_helpers import account, create, reply


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_set_deadline_reads_the_masters_zone_and_tells_everyone(table: Table) -> None:
    set_zone(table, MASTER, "America/New_York")
    change_open_turn(table, grace_until=DEADLINE + timedelta(hours=24),
                     notices={"reminders": [0], "late": True})
    reply = no_errors(table.master("SET DEADLINE 2026-11-04 20:00"))
    assert done(reply, "SET DEADLINE 2026-11-04 20:00") == (
        "The deadline of Spring 1901 Movement is now Wed 04 Nov 2026 20:00 "
        "America/New_York; everyone was told.")
    turn = table.open_turn()
    # 20:00 in New York in November (EST, UTC-5) is 01:00 UTC the next day.
    assert turn["deadline"] == datetime(2026, 11, 5, 1, 0, tzinfo=UTC)
    assert (turn["grace_until"], turn["notices"]) == (None, {})  # a fresh deadline
    assert notices(table, "FRANCE") == [(
        "alpha: the deadline has moved",
        "The master of alpha moved the deadline of Spring 1901 Movement to "
        "Thu 05 Nov 2026 01:00 UTC (in 2 days 16 hours).\n")]  # from Monday 09:00 UTC
    assert table.audit() == [("set_deadline", {"phase": "S1901M",
                                               "deadline": "2026-11-05T01:00:00+00:00"})]


def test_set_deadline_errors(talk: Conversation) -> None:
    table = Table.seated(talk)
    reply = table.master("SET DEADLINE 2026-11-04 20:00")
    assert error(reply, "SET DEADLINE 2026-11-04 20:00") == (
        "game alpha has not started yet; START it first")
    no_errors(table.master("START"))
    reply = table.master("SET DEADLINE\nSET DEADLINE 2026-11-01 20:00\n"
                         "SET DEADLINE friday")
    assert error(reply, "SET DEADLINE") == (
        "write SET DEADLINE <date> <time>, e.g. SET DEADLINE 2026-11-28 20:00 (UTC time)")
    assert error(reply, "SET DEADLINE 2026-11-01 20:00") == (
        "Sun 01 Nov 2026 20:00 UTC has passed; give a time still to come")
    assert error(reply, "SET DEADLINE friday") == (
        '"friday" is not a date and time; write e.g. "2026-11-28 20:00" (UTC time), '
        '"Sat 28 Nov 2026 20:00" or "2026-11-28T20:00+01:00"')
    assert table.open_turn()["deadline"] == DEADLINE
    assert table.actions() == ["start"]


def test_set_grace_changes_the_schedule(table: Table) -> None:
    reply = no_errors(table.master("SET GRACE 12h"))
    assert done(reply, "SET GRACE 12h") == "Grace is now 12 hours after each deadline."
    assert table.settings()["schedule"]["grace"] == 12 * 3600
    assert notices(table, "FRANCE") == []  # no grace is running: nobody to tell
    assert table.audit() == [("set_grace", {"grace": 43200})]


def test_set_grace_moves_a_running_grace(table: Table) -> None:
    change_open_turn(table, grace_until=DEADLINE + timedelta(hours=24))
    reply = no_errors(table.master("SET GRACE 6h"))
    assert done(reply, "SET GRACE 6h") == (
        "Grace is now 6 hours after each deadline. The running grace of S1901M now ends "
        "Thu 05 Nov 2026 15:00 UTC; everyone was told.")
    assert table.open_turn()["grace_until"] == DEADLINE + timedelta(hours=6)
    assert notices(table, "ITALY") == [(
        "alpha: grace has moved",
        "The master of alpha changed the grace period: late orders for S1901M are taken "
        "until Thu 05 Nov 2026 15:00 UTC.\n")]


def test_set_grace_errors(table: Table) -> None:
    reply = table.master("SET GRACE soon\nSET GRACE 400d")
    assert error(reply, "SET GRACE soon") == (
        '"soon" is not a duration; write e.g. "72h", "3d", "1d12h" or "90m" (a bare '
        'number means hours)')
    assert error(reply, "SET GRACE 400d") == (
        '"400d" is too long; the most is 365 days, e.g. "14d"')
    assert table.settings()["schedule"]["grace"] == 24 * 3600


def test_set_start_for_a_forming_game(talk: Conversation) -> None:
    table = Table.seated(talk)
    reply = no_errors(table.master("SET START 2026-12-01 20:00"))
    assert done(reply, "SET START 2026-12-01 20:00") == (
        "alpha starts at Tue 01 Dec 2026 20:00 UTC, or once full if that is later.")
    assert table.settings()["schedule"]["start"] == "2026-12-01T20:00:00+00:00"
    reply = no_errors(table.master("SET START none"))
    assert done(reply, "SET START none") == (
        "alpha has no start time: it starts once full (START starts a full game now).")
    assert table.settings()["schedule"]["start"] is None
    assert table.actions() == ["set_start", "set_start"]


def test_set_start_errors(talk: Conversation) -> None:
    table = Table.seated(talk)
    reply = table.master("SET START 2026-10-01 20:00\nSET START tomorrow")
    assert error(reply, "SET START 2026-10-01 20:00").endswith("has passed; give a time "
                                                               "still to come")
    assert error(reply, "SET START tomorrow").startswith('"tomorrow" is not a date and time')
    no_errors(table.master("START"))
    reply = table.master("SET START 2026-12-01 20:00")
    assert error(reply, "SET START 2026-12-01 20:00") == (
        "game alpha has started already; SET START is for a forming game "
        "(SET DEADLINE moves the current deadline)")
    assert table.settings()["schedule"]["start"] is None


def test_set_schedule_sets_every_key_and_later_deadlines_follow(table: Table) -> None:
    line = ("SET SCHEDULE movement 48h retreat 12h adjustment 6h days Mon-Fri time 20:00 "
            "zone europe/london reminders 24h, 2h")
    reply = no_errors(table.master(line))
    assert done(reply, line) == (
        "Movement 2 days, retreats 12 hours, adjustments 6 hours; grace 1 day. "
        "Deadlines fall on: Mon, Tue, Wed, Thu, Fri, at 20:00 (Europe/London). "
        "Reminders before the deadline: 1 day, 2 hours. "
        "Deadlines from the next phase on follow it; SET DEADLINE moves the current one.")
    schedule = table.settings()["schedule"]
    assert {k: schedule[k] for k in ("movement", "retreat", "adjustment", "days",
                                     "time_of_day", "zone", "reminders")} == {
        "movement": 172800, "retreat": 43200, "adjustment": 21600, "days": [0, 1, 2, 3, 4],
        "time_of_day": "20:00", "zone": "Europe/London", "reminders": [86400, 7200]}
    assert table.open_turn()["deadline"] == DEADLINE
    no_errors(table.master("PROCESS"))
    # Monday 09:00 + 48 hours is Wednesday 09:00, moved on to 20:00 London (GMT).
    assert table.open_turn()["deadline"] == datetime(2026, 11, 4, 20, 0, tzinfo=UTC)
    assert table.actions()[0] == "set_schedule"


def test_set_schedule_none_values(table: Table) -> None:
    no_errors(table.master("SET SCHEDULE time 20:00\nSET SCHEDULE time none reminders none"))
    schedule = table.settings()["schedule"]
    assert (schedule["time_of_day"], schedule["reminders"]) == (None, [])


@pytest.mark.parametrize(("line", "reason"), [
    ("SET SCHEDULE", "write SET SCHEDULE followed by what changes, e.g. SET SCHEDULE "
                     "movement 48h retreat 1d adjustment 1d days Mon-Fri time 20:00 zone "
                     "Europe/London reminders 24h,2h"),
    ("SET SCHEDULE 48h movement", "'48h' is not a schedule setting; write e.g. SET "
                                  "SCHEDULE movement 48h"),
    ("SET SCHEDULE movement", "movement needs a value; write e.g. SET SCHEDULE movement 48h"),
    ("SET SCHEDULE movement 48h days funday",
     '"funday" is not a list of days; write e.g. "Mon-Fri", "mon,wed,fri", "all" or '
     '"weekends"'),
    ("SET SCHEDULE zone Mars/Base", '"Mars/Base" is not a time zone I know; write an IANA '
                                    'name, e.g. "Europe/London", "America/New_York" or '
                                    '"UTC"'),
    ("SET SCHEDULE time 25:00", '"25:00" is not a time of day; write 24-hour HH:MM, '
                                'e.g. "20:00"'),
    ("SET SCHEDULE movement 0h", "a phase cannot last 0h; write e.g. 48h or 2d"),
    ("SET SCHEDULE reminders 2h, soon", '"soon" is not a duration; write e.g. "72h", '
                                        '"3d", "1d12h" or "90m" (a bare number means '
                                        'hours)'),
])
def test_set_schedule_errors_change_nothing(table: Table, line: str, reason: str) -> None:
    before = table.settings()
    reply = table.master(line)
    assert error(reply, line).startswith(reason)
    assert table.settings() == before
    assert table.actions() == []


def test_set_deadline_on_a_game_still_forming_says_what_it_waits_for(
        talk: Conversation) -> None:
    """advnew2: "START it first" where START would be refused (the game is not full)."""
    create(talk, "beta")
    account(talk, "ann@example.org", "Ann Archer")
    reply(talk, "ann@example.org", "JOIN beta annpw")
    sent = reply(talk, SEATING_MASTER, "SIGNON Mbeta gmpass\nSET DEADLINE friday")
    assert error(sent, "SET DEADLINE friday") == (
        "game beta has not started yet: 1 of 7 players have joined, and START needs them all")
