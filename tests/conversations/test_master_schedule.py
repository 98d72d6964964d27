"""The master's deadline and settings commands, by mail, on SQLite and PostgreSQL.

The game starts Monday 2 Nov 2026 09:00 UTC; the default schedule (movement 72 hours,
grace 24 hours) gives S1901M its deadline on Thursday 5 Nov 09:00 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from judge.store.models import Account, AccountAddress, GameState, Turn
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import (
    MASTER,
    Table,
    done,
    error,
    no_errors,
)

DEADLINE = datetime(2026, 11, 5, 9, 0, tzinfo=UTC)


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def set_zone(table: Table, address: str, zone: str) -> None:
    with table.talk.judge.db.unit_of_work() as session:
        account = session.scalars(sa.select(Account).join(AccountAddress)
                                  .where(AccountAddress.address == address)).one()
        account.time_zone = zone


def change_open_turn(table: Table, **values: Any) -> None:
    with table.talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.processed_at.is_(None))).one()
        for name, value in values.items():
            setattr(turn, name, value)


def notices(table: Table, power: str) -> list[tuple[str, str]]:
    return [(m.subject, m.body) for m in table.talk.mails_to(table.address(power))]


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
        "Thu 05 Nov 2026 01:00 UTC.\n")]
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
        '"friday" is not a date and time; write e.g. "2026-11-28 20:00" (UTC time) or '
        '"2026-11-28T20:00+01:00"')
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


def test_press_nmr_and_draw_settings(table: Table) -> None:
    reply = no_errors(table.master("SET PRESS gray\nSET NMR cd\nSET NODIAS"))
    assert done(reply, "SET PRESS gray") == "alpha: press is grey."
    assert done(reply, "SET NMR cd") == (
        "alpha: at the end of grace, missing orders mean civil disorder.")
    assert done(reply, "SET NODIAS") == (
        "alpha: a draw includes only the powers its votes name (no DIAS).")
    settings = table.settings()
    assert (settings["press"]["mode"], settings["schedule"]["nmr"], settings["draw"]) == (
        "grey", "disorder", {"dias": False})
    no_errors(table.master("SET PRESS none\nSET NMR wait\nSET DIAS"))
    settings = table.settings()
    assert (settings["press"]["mode"], settings["schedule"]["nmr"], settings["draw"]) == (
        "none", "wait", {"dias": True})
    assert table.audit()[:3] == [("set_press", {"value": "press is grey"}),
                                 ("set_nmr", {"value": "at the end of grace, missing "
                                                       "orders mean civil disorder"}),
                                 ("set_nodias", {"value": "a draw includes only the powers "
                                                          "its votes name (no DIAS)"})]


def test_press_and_nmr_errors(table: Table) -> None:
    before = table.settings()
    reply = table.master("SET PRESS loud\nSET NMR\nSET NMR panic")
    assert error(reply, "SET PRESS loud") == ("write SET PRESS none, white, grey or "
                                              "partial, e.g. SET PRESS grey")
    nmr = ("write SET NMR hold, disorder or wait, e.g. SET NMR hold (what happens to "
           "missing orders when grace ends)")
    assert error(reply, "SET NMR") == nmr
    assert error(reply, "SET NMR panic") == nmr
    assert table.settings() == before


def test_pause_and_resume_before_the_deadline_keeps_it(table: Table) -> None:
    reply = no_errors(table.master("PAUSE"))
    assert done(reply, "PAUSE") == ("alpha is paused; everyone was told. RESUME starts it "
                                    "again.")
    assert table.state() == GameState.PAUSED
    assert notices(table, "FRANCE") == [(
        "alpha: paused", "The master has paused alpha: no deadline passes and nothing is "
                         "processed until it resumes.\n")]
    reply = no_errors(table.master("RESUME"))
    assert done(reply, "RESUME") == (
        "alpha is running again with its deadline; everyone was told. "
        "Now open: Spring 1901 Movement, deadline Thu 05 Nov 2026 09:00 UTC.")
    assert table.state() == GameState.ACTIVE
    assert table.open_turn()["deadline"] == DEADLINE
    assert notices(table, "FRANCE") == [(
        "alpha: resumed", "The master has resumed alpha. S1901M has its deadline: "
                          "Thu 05 Nov 2026 09:00 UTC.\n")]
    assert table.audit() == [("pause", {"phase": "S1901M"}),
                             ("resume", {"phase": "S1901M", "new_deadline": False})]


def test_resume_after_the_deadline_gives_a_fresh_one(table: Table) -> None:
    no_errors(table.master("PAUSE"))
    table.talk.clock.advance(timedelta(days=4))  # Friday 6 Nov 09:00, deadline passed
    change_open_turn(table, notices={"late": True})
    no_errors(table.master("RESUME"))
    turn = table.open_turn()
    assert turn["deadline"] == datetime(2026, 11, 9, 9, 0, tzinfo=UTC)  # 72 hours on
    assert turn["notices"] == {}
    assert notices(table, "ITALY")[-1] == (
        "alpha: resumed", "The master has resumed alpha. S1901M has a new deadline: "
                          "Mon 09 Nov 2026 09:00 UTC.\n")


def test_pause_and_resume_errors(talk: Conversation) -> None:
    table = Table.seated(talk)
    assert error(table.master("PAUSE"), "PAUSE") == (
        "game alpha has not started yet; START it first")
    no_errors(table.master("START"))
    assert error(table.master("RESUME"), "RESUME") == (
        "game alpha is active, not paused; there is nothing to resume")
    no_errors(table.master("PAUSE"))
    assert error(table.master("PAUSE"), "PAUSE") == (
        "game alpha is paused; only an active game can be paused")
    no_errors(table.master("END GAME"))
    assert error(table.master("RESUME"), "RESUME") == (
        "game alpha is over; ROLLBACK first to play on")
    assert table.actions() == ["start", "pause", "end_game"]


def test_settings_of_a_running_game(table: Table) -> None:
    reply = no_errors(table.master("SETTINGS"))
    assert done(reply, "SETTINGS") == " ".join([
        "Game alpha: active.",
        "Now open: Spring 1901 Movement, deadline Thu 05 Nov 2026 09:00 UTC.",
        "Movement 3 days, retreats 1 day, adjustments 1 day; grace 1 day.",
        "Deadlines fall on: every day, at any time (UTC).",
        "Reminders before the deadline: 1 day.",
        "Missing orders at the end of grace: hold.",
        "Press: white.",
        "Draws: DIAS."])
    assert table.actions() == ["show_settings"]


def test_settings_of_a_forming_game(talk: Conversation) -> None:
    table = Table.seated(talk)
    no_errors(table.master("SET START 2026-12-01 20:00"))
    text = done(table.master("SETTINGS"), "SETTINGS")
    assert text.startswith("Game alpha: forming. Starts: Tue 01 Dec 2026 20:00 UTC. ")
