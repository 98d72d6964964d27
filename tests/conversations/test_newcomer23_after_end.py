"""Newcomer 23: what a player, the master and a newcomer are told when they write to a game
that is over. Votes answered "this works only while it is being played" (and the master's
"BECOME a power first", which a finished game refuses); SET ABSENCE told a signed-on player
to sign on; JOIN offered a REPLACE; PHASE took orders for a phase that will never open.
Each now says the game is over, how it ended and what can still be done."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, done, error, no_errors
from tests.conversations.seating_helpers import account, reply

RESULT = ("game alpha is over (draw between Austria, England, France, Germany, Italy, Russia "
          "and Turkey, ended in S1901M); SUMMARY alpha tells how it went")  # no turn: no HISTORY


@pytest.fixture
def table(talk: Conversation) -> Table:
    table = Table.started(talk)
    no_errors(table.master("END GAME DRAW"))
    return table


@pytest.mark.parametrize("line", [
    "SET CONCEDE France", "SET CONCEDE", "SET NOCONCEDE", "SET DRAW", "SET NODRAW",
    "SET WAIT", "SET NOWAIT", "SET ABSENCE tomorrow", "ORDERS", "A par-bur", "CLEAR", "WAIVE",
])
def test_a_player_is_told_the_game_is_over_and_how_it_ended(table: Table, line: str) -> None:
    assert error(table.player("FRANCE", line), line) == RESULT


def test_orders_for_a_later_phase_are_refused_not_kept(table: Table) -> None:
    sent = table.player("FRANCE", "PHASE F1901M\nA par-bur")
    assert error(sent, "PHASE F1901M") == RESULT
    assert error(sent, "A par-bur") == RESULT
    assert table.future() == {}


@pytest.mark.parametrize("line", ["SET CONCEDE France", "SET DRAW", "SET NODRAW"])
def test_the_master_is_told_how_to_play_on(table: Table, line: str) -> None:
    assert error(table.master(line), line) == f"{RESULT}; ROLLBACK reopens it to play on"


def test_a_newcomer_who_joins_is_told_it_is_over(table: Table) -> None:
    account(table.talk, "new@example.org", "Newbie")
    joined = reply(table.talk, "new@example.org", "JOIN alpha pw")
    assert error(joined, "JOIN alpha pw") == RESULT


def test_a_game_abandoned_before_its_start_names_no_turns(talk: Conversation) -> None:
    table = Table.seated(talk, players=3)
    no_errors(table.master("END GAME"))
    assert error(table.master("SET DRAW"), "SET DRAW") == (
        "game alpha is over (abandoned without a result); SUMMARY alpha tells how it went")


def test_an_observer_of_a_finished_game_is_promised_no_reports(table: Table) -> None:
    # He read "you will receive its public reports": none will come.
    account(table.talk, "new@example.org", "Newbie")
    watched = no_errors(reply(table.talk, "new@example.org", "OBSERVE alpha pw"))
    assert done(watched, "OBSERVE alpha pw") == (
        "You observe alpha, which is over (draw between Austria, England, France, Germany, "
        "Italy, Russia and Turkey, ended in S1901M), so no report will come; SUMMARY alpha "
        "tells how it went. Sign on in later messages with: "
        "SIGNON Oalpha <your password>")


def test_the_masters_settings_say_how_the_game_ended(table: Table) -> None:
    # It read "Game alpha: finished." and then "Game alpha is over." alone.
    shown = no_errors(table.master("SETTINGS"))
    assert done(shown, "SETTINGS").startswith(
        "Game alpha: finished. Game alpha is over (draw between Austria, England, France, "
        "Germany, Italy, Russia and Turkey, ended in S1901M). Movement 3 days"), shown.body
