"""Polish 25, items 1 and 4. The master's SET settings were still taken after the game
ended (SET NMR hold answered "alpha: at the end of grace, missing orders mean hold."),
though nothing is left for them to act on: a finished game refuses them with
game_over.py's words, as it refuses the players' commands, and says what the master can
still do. And a game ended before any turn was processed offered HISTORY, which has
nothing to show ("No turn of alpha has been processed yet.")."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error, no_errors
from tests.conversations.seating_helpers import reply

OVER = ("game alpha is over (draw between Austria, England, France, Germany, Italy, Russia "
        "and Turkey, ended in S1901M); SUMMARY alpha tells how it went")


@pytest.fixture
def table(talk: Conversation) -> Table:
    table = Table.started(talk)
    no_errors(table.master("END GAME DRAW"))
    return table


@pytest.mark.parametrize("line", [
    "SET NMR hold", "SET NMR wait", "SET LATE PRIVATE", "SET PRESS grey",
    "SET PRESS OBSERVERS OFF", "SET DIAS", "SET NODIAS", "SET GRACE 2 days",
    "SET SCHEDULE movement 2 days", "SET START tomorrow", "SET DEADLINE tomorrow",
    "PAUSE", "RESUME",
])
def test_a_finished_game_refuses_the_masters_settings(table: Table, line: str) -> None:
    before = table.settings()
    assert error(table.master(line), line).startswith(OVER)
    assert table.settings() == before


def test_the_refusal_names_rollback_once_a_turn_was_played(talk: Conversation) -> None:
    table = Table.started(talk)
    no_errors(table.master("PROCESS S1901M"))
    no_errors(table.master("END GAME DRAW"))
    assert error(table.master("SET NMR hold"), "SET NMR hold").endswith(
        "; ROLLBACK reopens it to play on")


def test_a_game_abandoned_before_its_start_refuses_them_too(talk: Conversation) -> None:
    table = Table.seated(talk, players=3)
    no_errors(table.master("END GAME"))
    assert error(table.master("SET NMR hold"), "SET NMR hold") == (
        "game alpha is over (abandoned without a result); SUMMARY alpha tells how it went")


def test_a_game_ended_in_its_first_phase_names_no_history(table: Table) -> None:
    [notice] = table.talk.mails_to(table.address("ITALY"))
    assert "HISTORY" not in notice.body, notice.body
    assert "No turn of alpha has been processed yet." in reply(
        table.talk, table.address("ITALY"), "HISTORY alpha").body


def test_a_game_ended_after_a_turn_names_its_history(talk: Conversation) -> None:
    table = Table.started(talk)
    no_errors(table.master("PROCESS S1901M"))
    talk.mails_to(table.address("ITALY"))
    no_errors(table.master("END GAME DRAW"))
    [notice] = table.talk.mails_to(table.address("ITALY"))
    assert "year by year; HISTORY alpha shows the last turn reports again" in notice.body
    assert error(table.player("ITALY", "SET DRAW"), "SET DRAW") == (
        "game alpha is over (draw between Austria, England, France, Germany, Italy, Russia "
        "and Turkey, ended in F1901M); SUMMARY alpha tells how it went, HISTORY alpha its "
        "last turns")
