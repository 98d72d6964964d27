"""The master's turn and ending commands (START, PROCESS, PREVIEW, END GAME) and who may
use the master's commands, by mail, on SQLite and PostgreSQL. Seats: test_master_seats.py.

The game: standard, seven players (powers given by random.Random(1)), started Monday
2 Nov 2026 09:00 UTC; the default schedule gives S1901M a deadline of Thursday 09:00 UTC.
"""

from __future__ import annotations

import pytest

from judge.store.models import GameState
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import (
    MASTER,
    Table,
    done,
    error,
    no_errors,
)

NOT_MASTER = "only the master of alpha may do this (SIGNON M<game> <password> as master)"

MASTER_COMMANDS = (
    "START", "PROCESS", "PREVIEW", "ROLLBACK", "ROLLFORWARD", "EJECT Italy",
    "REPLACE Italy carol@example.org pw", "BECOME Italy", "SET ORDERS Italy", "END GAME",
    "SET DEADLINE 2026-11-20 20:00", "SET GRACE 12h", "SET START 2026-12-01 20:00",
    "SET SCHEDULE movement 48h", "SET PRESS grey", "SET NMR wait", "SET DIAS",
    "SET NODIAS", "PAUSE", "RESUME", "SETTINGS",
)


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_every_master_command_refuses_a_player(table: Table) -> None:
    before = (table.snapshot(), table.settings())
    reply = table.player("ITALY", "\n".join(MASTER_COMMANDS) + "\nANNOUNCE\nhi\nENDANNOUNCE")
    for line in (*MASTER_COMMANDS, "ANNOUNCE"):
        assert error(reply, line) == NOT_MASTER
    assert table.talk.mails_to(table.address("FRANCE")) == []
    assert (table.snapshot(), table.settings()) == before
    assert table.actions() == []


def test_master_commands_need_a_signon(table: Table) -> None:
    reply = table.talk.send(MASTER, "PROCESS\nANNOUNCE\nhello\nENDANNOUNCE")
    assert reply is not None
    sign_on = "sign on first: SIGNON <power initial><game> <password>, e.g. SIGNON Falpha secret"
    assert error(reply, "PROCESS") == sign_on
    assert error(reply, "ANNOUNCE") == sign_on
    assert table.open_phase() == "S1901M"


def test_a_wrong_master_password_does_nothing(table: Table) -> None:
    reply = table.master("PROCESS", password="guess")
    assert error(reply, "SIGNON Malpha guess") == "wrong password for M in alpha"
    assert error(reply, "PROCESS").startswith("sign on first")
    assert table.open_phase() == "S1901M"


def test_start_gives_out_the_powers_and_mails_everyone(talk: Conversation) -> None:
    table = Table.seated(talk)
    reply = no_errors(table.master("START"))
    assert done(reply, "START") == (
        "Game alpha has started; every seat was mailed its power and how to sign on. "
        "Now open: Spring 1901 Movement, deadline Thu 05 Nov 2026 09:00 UTC.")
    assert table.state() == GameState.ACTIVE
    assert table.open_phase() == "S1901M"
    for address in table.addresses:
        [notice] = talk.mails_to(address)
        assert notice.subject == "alpha: the game has started"
        assert "You play " in notice.body
    assert table.actions() == ["start"]


def test_start_needs_a_full_game(talk: Conversation) -> None:
    table = Table.seated(talk, players=6)
    reply = table.master("START")
    assert error(reply, "START") == ("game alpha has 6 of its 7 players; it starts when "
                                     "every power has one")
    assert table.state() == GameState.FORMING
    assert table.actions() == []


def test_start_refuses_a_started_game(table: Table) -> None:
    reply = table.master("START")
    assert error(reply, "START") == (
        "game alpha has already started: a full game starts by itself when its last player "
        "joins, or at the time SET START gave; LIST alpha shows where it stands")


def test_start_of_a_paused_game_says_to_resume(table: Table) -> None:
    no_errors(table.master("PAUSE"))
    reply = table.master("START")
    assert error(reply, "START") == ("game alpha has already started and is paused; "
                                     "RESUME it to go on")


def test_process_now_with_orders_missing(table: Table) -> None:
    table.player("FRANCE", "A par-bur")
    reply = no_errors(table.master("PROCESS"))
    assert done(reply, "PROCESS") == (
        "Spring 1901 Movement is processed; the reports were mailed to every seat. "
        "Now open: Fall 1901 Movement, deadline Thu 05 Nov 2026 09:00 UTC.")
    assert table.open_phase() == "F1901M"
    [report] = table.talk.mails_to(table.address("ITALY"))
    assert report.subject == "alpha: Spring 1901 Movement results"
    assert "France:   A Paris -> Burgundy." in report.body
    # No orders: the units held, and the report says so.
    assert "Italy:    No orders received.\nItaly:    F Naples HOLD (no order).\n" \
           "Italy:    A Rome HOLD (no order).\nItaly:    A Venice HOLD (no order).\n" \
           in report.body
    assert table.audit() == [("process", {"phase": "S1901M"})]


def test_process_takes_the_phase_in_words(table: Table) -> None:
    no_errors(table.master("PROCESS Spring 1901 Movement"))
    assert table.open_phase() == "F1901M"


def test_process_with_a_stale_phase_does_nothing(table: Table) -> None:
    no_errors(table.master("PROCESS S1901M"))
    before = (table.snapshot(), table.order_rows())
    table.talk.mails_to(table.address("FRANCE"))
    reply = table.master("PROCESS S1901M")
    assert error(reply, "PROCESS S1901M") == (
        "the phase open in alpha is F1901M, not S1901M; nothing was processed "
        "(write PROCESS F1901M to process it)")
    assert (table.snapshot(), table.order_rows()) == before
    assert table.talk.mails_to(table.address("FRANCE")) == []
    assert table.actions() == ["process"]


def test_process_refuses_a_phase_it_cannot_read(table: Table) -> None:
    reply = table.master("PROCESS S19")
    assert error(reply, "PROCESS S19") == (
        "'S19' is not a phase of this game; write a phase as S1901M or Spring 1901 Movement "
        "(S1901 or Spring 1901: the season's first phase)")
    assert table.open_phase() == "S1901M"


def test_process_refuses_a_paused_or_forming_game(talk: Conversation) -> None:
    forming = Table.seated(talk)
    reply = forming.master("PROCESS")
    assert error(reply, "PROCESS") == "game alpha has not started yet; START it first"
    no_errors(forming.master("START\nPAUSE"))
    reply = forming.master("PROCESS")
    assert error(reply, "PROCESS") == "game alpha is paused; RESUME it before processing"
    assert forming.open_phase() == "S1901M"


def test_preview_shows_the_master_the_result_and_changes_nothing(table: Table) -> None:
    table.player("FRANCE", "A par-bur\nA mar-spa")
    table.player("GERMANY", "A mun-bur")
    before = (table.snapshot(), table.order_rows())
    for address in table.addresses:
        table.talk.mails_to(address)
    reply = no_errors(table.master("PREVIEW"))
    text = reply.body
    assert ("Preview of Spring 1901 Movement with the orders as they stand. Nothing was "
            "changed and nobody else sees this.") in text
    assert "Report for: Master" in text
    # Paris and Munich both go for Burgundy, one each: both bounce.
    assert "    France:   A Paris -> Burgundy. (*bounce*)\n" in text
    assert "    Germany:  A Munich -> Burgundy. (*bounce*)\n" in text
    assert "    France:   A Marseilles -> Spain.\n" in text
    assert "    The next phase is Fall 1901 Movement." in text
    assert (table.snapshot(), table.order_rows()) == before
    assert all(table.talk.mails_to(a) == [] for a in table.addresses)
    assert table.actions() == ["preview"]


def test_preview_needs_a_running_game(talk: Conversation) -> None:
    table = Table.seated(talk)
    reply = table.master("PREVIEW")
    assert error(reply, "PREVIEW") == "game alpha has not started yet; START it first"


@pytest.mark.parametrize(("line", "kind", "winners", "said"), [
    ("END GAME DRAW France Germany", "draw", ["FRANCE", "GERMANY"],
     "a draw between France and Germany, declared by the master."),
    ("END GAME WIN France", "solo", ["FRANCE"], "France wins, as the master declared."),
    ("END GAME", "abandoned", [], "the master ended it without a result."),
])
def test_end_game(table: Table, line: str, kind: str, winners: list[str], said: str) -> None:
    reply = no_errors(table.master(line))
    assert done(reply, line) == f"Game alpha is over: {said} Everyone was told."
    assert table.state() == GameState.FINISHED
    result = table.settings()["result"]
    assert (result["kind"], result["winners"], result["phase"]) == (kind, winners, "S1901M")
    [notice] = table.talk.mails_to(table.address("ITALY"))
    assert notice.subject == "alpha: the game is over"
    # No turn was processed, so no HISTORY to read (polish 25).
    assert notice.body == (f"Game alpha is over: {said}\n\nSUMMARY alpha tells who played "
                           "each power and the supply centres each held, year by year.\n\n"
                           "Thanks to everyone who played.\n")
    assert table.audit() == [("end_game", {"kind": kind, "winners": winners})]


def test_a_draw_without_powers_includes_every_survivor(table: Table) -> None:
    no_errors(table.master("END GAME DRAW"))
    assert table.settings()["result"]["winners"] == [
        "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def test_end_game_errors(talk: Conversation) -> None:
    table = Table.seated(talk)
    reply = table.master("END GAME DRAW")
    assert error(reply, "END GAME DRAW") == ("game alpha has not started; only END GAME "
                                             "(abandoned) applies to it")
    no_errors(table.master("START"))
    usage = ("write END GAME DRAW [powers], END GAME WIN <power>, or END GAME alone to "
             "abandon it, e.g. END GAME DRAW Austria England")
    reply = table.master("END GAME WIN\nEND GAME WIN France Italy\nEND GAME SOON\n"
                         "END GAME Italy\nEND GAME DRAW France Narnia")
    for line in ("END GAME WIN", "END GAME WIN France Italy", "END GAME SOON",
                 "END GAME Italy"):
        assert error(reply, line) == usage
    assert error(reply, "END GAME DRAW France Narnia").startswith("'Narnia' is not a power")
    assert table.state() == GameState.ACTIVE
    no_errors(table.master("END GAME"))
    reply = table.master("END GAME")
    assert error(reply, "END GAME") == "game alpha is already over"
    assert table.actions() == ["start", "end_game"]


def test_a_forming_game_may_be_abandoned(talk: Conversation) -> None:
    table = Table.seated(talk)
    no_errors(table.master("END GAME"))
    assert table.state() == GameState.FINISHED
    [notice] = talk.mails_to(table.addresses[0])
    assert notice.subject == "alpha: the game is over"
