"""The master's other settings (SET PRESS, SET NMR, SET DIAS / NODIAS), PAUSE, RESUME and
SETTINGS, by mail, on SQLite and PostgreSQL.

The game starts Monday 2 Nov 2026 09:00 UTC; the default schedule (movement 72 hours,
grace 24 hours) gives S1901M its deadline on Thursday 5 Nov 09:00 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from judge.store import repo
from judge.store.models import GameState
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import (
    DEADLINE,
    Table,
    change_open_turn,
    done,
    error,
    no_errors,
    notices,
)


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


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
    reply = table.master("SET PRESS loud\nSET NMR\nSET NMR panic\nSET PRESS OBSERVERS\n"
                         "SET PRESS observers maybe\nSET PRESS grey observers off")
    usage = ("write SET PRESS none, white, grey or partial, e.g. SET PRESS grey, or SET "
             "PRESS OBSERVERS ON or OFF (whether observers see broadcasts)")
    assert error(reply, "SET PRESS loud") == usage
    nmr = ("write SET NMR hold, disorder or wait, e.g. SET NMR hold (what happens to "
           "missing orders when grace ends)")
    assert error(reply, "SET NMR") == nmr
    assert error(reply, "SET NMR panic") == nmr
    for line in ("SET PRESS OBSERVERS", "SET PRESS observers maybe",
                 "SET PRESS grey observers off"):
        assert error(reply, line) == usage
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
                          "Thu 05 Nov 2026 09:00 UTC (in 3 days).\n")]
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
                          "Mon 09 Nov 2026 09:00 UTC (in 3 days).\n")


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
        "game alpha is over (abandoned without a result, ended in S1901M); SUMMARY alpha "
        "tells how it went; ROLLBACK reopens it to play on")
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
        "Late powers: every report names the powers that missed the deadline.",
        "Press: white; observers see broadcasts.",
        "Draws: DIAS.",
        "Options: none given at CREATE (the variant's defaults)."])
    assert table.actions() == ["show_settings"]


def test_settings_of_a_forming_game(talk: Conversation) -> None:
    table = Table.seated(talk)
    no_errors(table.master("SET START 2026-12-01 20:00"))
    text = done(table.master("SETTINGS"), "SETTINGS")
    assert text.startswith("Game alpha: forming. Starts: Tue 01 Dec 2026 20:00 UTC. ")


def test_set_press_observers_decides_who_sees_broadcasts(table: Table) -> None:
    watcher = "watcher@example.org"
    with table.talk.judge.db.unit_of_work() as session:
        repo.create_account(session, name="Walt Watcher", address=watcher)
    joined = table.talk.send(watcher, "OBSERVE alpha watchpw")
    assert joined is not None and "You observe alpha" in joined.body
    table.talk.mails_to(watcher)
    reply = no_errors(table.master("SET PRESS OBSERVERS OFF"))
    assert done(reply, "SET PRESS OBSERVERS OFF") == "alpha: observers do not see broadcasts."
    assert table.settings()["press"] == {"mode": "white", "observers_see_broadcasts": False,
                                        "commentator": "", "commentator_account": 0}
    assert "Press: white; observers do not see broadcasts." in done(
        table.master("SETTINGS"), "SETTINGS")
    table.player("FRANCE", "BROADCAST\nHello all.\nENDPRESS")
    assert table.talk.mails_to(watcher) == []
    no_errors(table.master("SET PRESS observers on"))
    table.player("FRANCE", "BROADCAST\nHello again.\nENDPRESS")
    [mail] = table.talk.mails_to(watcher)
    assert mail.body == "From: France\nTo: everyone\n\nHello again.\n"
    assert table.audit()[0] == ("set_press", {"value": "observers do not see broadcasts"})
    assert table.actions() == ["set_press", "show_settings", "set_press"]
