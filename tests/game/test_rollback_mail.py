"""The master's ROLLBACK and ROLLFORWARD by mail, on both backends.

The game of tests/conversations/test_master.py: started Monday 2 Nov 2026 09:00 UTC,
S1901M due Thursday 09:00 UTC.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import (
    Table,
    done,
    error,
    no_errors,
)


@pytest.fixture
def table(database: Database) -> Table:
    return Table.started(Conversation(database))


def play_1901(table: Table) -> None:
    """Through Spring 1901 into Spring 1902: France's army in Burgundy is dislodged in the
    Fall (a retreat phase), then France builds two and Germany one."""
    table.player("FRANCE", "A par-bur\nA mar-spa\nF bre-mid")
    table.player("GERMANY", "A mun-ruh\nA ber-mun\nF kie-den")
    no_errors(table.master("PROCESS S1901M"))
    table.player("FRANCE", "A bur H\nA spa H\nF mid-por")
    table.player("GERMANY", "A ruh-bur\nA mun S A ruh-bur\nF den H")
    no_errors(table.master("PROCESS F1901M"))
    table.player("FRANCE", "A bur-pic")  # complete: processed at once
    table.player("FRANCE", "Build A par\nBuild F bre")
    table.player("GERMANY", "Build A ber")  # the last adjustment: processed at once
    assert table.open_phase() == "S1902M"
    table.player("FRANCE", "A pic-bel")


def test_rollback_then_rollforward_returns_to_the_same_position(table: Table) -> None:
    play_1901(table)
    before, orders = table.snapshot(), table.orders("S1902M")
    spring = table.orders("S1901M")
    reply = no_errors(table.master("ROLLBACK S1901M"))
    assert done(reply, "ROLLBACK S1901M") == (
        "alpha is back at the start of Spring 1901 Movement; undone: F1901M, F1901R, "
        "W1901A, S1902M. Orders for the undone phases are kept (ROLLFORWARD replays them); "
        "everyone was told. Now open: Spring 1901 Movement, deadline Thu 05 Nov 2026 "
        "09:00 UTC.")
    assert table.snapshot() == [("S1901M", before[0][1], None, False)]
    assert table.orders("S1901M") == spring  # the reopened turn keeps its own orders
    assert table.future() == {
        ("F1901M", "FRANCE"): ["A bur H", "A spa H", "F mid-por"],
        ("F1901M", "GERMANY"): ["A ruh-bur", "A mun S A ruh-bur", "F den H"],
        ("F1901R", "FRANCE"): ["A bur-pic"],
        ("W1901A", "FRANCE"): ["Build A par", "Build F bre"],
        ("W1901A", "GERMANY"): ["Build A ber"],
        ("S1902M", "FRANCE"): ["A pic-bel"],
    }
    reply = no_errors(table.master("ROLLFORWARD"))
    assert done(reply, "ROLLFORWARD") == (
        "4 turns replayed (S1901M, F1901M, F1901R, W1901A); the reports were mailed. "
        "Now open: Spring 1902 Movement, deadline Thu 05 Nov 2026 09:00 UTC.")
    assert table.snapshot() == before
    assert table.orders("S1902M") == orders
    assert table.future() == {}
    assert table.actions()[-2:] == ["rollback", "rollforward"]


def test_rollback_goes_to_the_previous_phase_and_tells_everyone(table: Table) -> None:
    table.player("FRANCE", "A par-bur")
    no_errors(table.master("PROCESS"))
    table.player("FRANCE", "A bur-mun")
    table.talk.mails_to(table.address("ITALY"))
    table.talk.clock.advance(timedelta(hours=10))
    no_errors(table.master("ROLLBACK"))
    assert table.open_phase() == "S1901M"
    turn = table.open_turn()
    assert turn["deadline"].isoformat() == "2026-11-05T19:00:00+00:00"  # 72h from now
    # Grace and notices start afresh; "reopened" keeps the sweep from replaying the turn.
    assert turn["grace_until"] is None and turn["notices"] == {"reopened": True}
    assert table.orders("S1901M") == {"FRANCE": ["A par-bur"]}
    assert table.future() == {("F1901M", "FRANCE"): ["A bur-mun"]}
    [notice] = table.talk.mails_to(table.address("ITALY"))
    assert notice.subject == "alpha: rolled back to S1901M"
    assert notice.body == (
        "The master of alpha rolled the game back to the start of Spring 1901 Movement.\n"
        "Your orders for it stand; orders for the phases undone (F1901M) are kept for "
        "when they come round.\nNew deadline: Thu 05 Nov 2026 19:00 UTC (in 3 days)\n")


def test_rollback_twice_then_one_rollforward_returns(table: Table) -> None:
    play_1901(table)
    before = table.snapshot()
    no_errors(table.master("ROLLBACK W1901A"))
    no_errors(table.master("ROLLBACK F1901M"))
    assert table.open_phase() == "F1901M"
    reply = no_errors(table.master("ROLLFORWARD"))
    assert done(reply, "ROLLFORWARD").startswith("3 turns replayed (F1901M, F1901R, W1901A)")
    assert table.snapshot() == before


def test_rollforward_stops_where_new_orders_change_the_phases(table: Table) -> None:
    play_1901(table)
    no_errors(table.master("ROLLBACK F1901M"))
    # France now leaves Burgundy: nothing is dislodged, so there is no retreat phase.
    no_errors(table.master("SET ORDERS France\nA bur-pic"))
    reply = no_errors(table.master("ROLLFORWARD"))
    assert done(reply, "ROLLFORWARD").startswith("1 turn replayed (F1901M)")
    assert table.open_phase() == "W1901A"


def test_rollback_errors_by_mail(database: Database) -> None:
    table = Table.seated(Conversation(database))
    reply = table.master("ROLLBACK")
    assert error(reply, "ROLLBACK") == ("no phase of alpha has been processed yet; there "
                                        "is nothing to roll back")
    no_errors(table.master("START"))
    assert error(table.master("ROLLBACK"), "ROLLBACK").startswith("no phase of alpha")
    no_errors(table.master("PROCESS"))
    reply = table.master("ROLLBACK F1901M\nROLLBACK F1902M\nROLLBACK soon")
    assert error(reply, "ROLLBACK F1901M") == (
        "F1901M is not a processed phase of alpha; roll back to one of S1901M, "
        "e.g. ROLLBACK S1901M")
    assert error(reply, "ROLLBACK F1902M").startswith("F1902M is not a processed phase")
    assert error(reply, "ROLLBACK soon").startswith("'soon' is not a phase")
    assert table.open_phase() == "F1901M"
    assert table.actions() == ["start", "process"]


def test_rollforward_errors(table: Table) -> None:
    reply = table.master("ROLLFORWARD")
    expected = ("there is no ROLLBACK of alpha to undo: it has moved on since, or was "
                "never rolled back")
    assert error(reply, "ROLLFORWARD") == expected
    no_errors(table.master("PROCESS\nROLLBACK\nPAUSE"))
    reply = table.master("ROLLFORWARD")
    assert error(reply, "ROLLFORWARD") == "game alpha is paused; RESUME it first"
    no_errors(table.master("RESUME\nROLLFORWARD"))
    assert error(table.master("ROLLFORWARD"), "ROLLFORWARD") == expected
    assert table.open_phase() == "F1901M"
