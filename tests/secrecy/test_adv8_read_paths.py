"""Adversary advsec8 on the reads no other twin makes: an account that OBSERVEs a hidden
Envoy game in the middle of it, then reads it at once and after the next turn: LIST,
HISTORY of every turn and of one, SUMMARY, BOARD, the latest picture and the pictures of
past phases (MAP <game> <phase>, drawn from the stored turn: judge/turns/pictures.py
`picture_of`), COLUMNS, signed on and not. The mail it receives must be the same in both
games, the report of the turn it waited for included. Stab: Germany's army stays in
Munich (game A) or walks unseen into Tyrolia (B) in Spring 1914, and holds in the Fall
(tests/secrecy/test_envoy_items.py `tyrolia`). Secret: Germany's diplomat stays at home
(A) or walks into France (B) in Fall 1914, and the Winter is played (`germany_in_france`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from judge.store.db import Database
from tests.conversations.orders_board import edit_board
from tests.conversations.seating_helpers import account
from tests.secrecy.test_adv8_retreat_unordered import _hemmed_in
from tests.secrecy.test_adversary_emg_membership import GAME, deliver
from tests.secrecy.test_envoy_items import (
    FRANCE_TAKES_SPAIN,
    MASTER_SIGNON,
    Script,
    autumn,
    germany_in_france,
    tyrolia,
)

LATE = "late@example.org"
SOCK = "france.again@example.net"
READS = ("LIST beta\nHISTORY beta\nHISTORY beta S1914M\nSUMMARY beta\nBOARD beta\nMAP beta\n"
         "MAP beta S1914M\nMAP beta W1913P")


def _stab(databases: tuple[Database, Database]) -> tuple[Script, str]:
    return tyrolia(databases, "stab"), "S1914M"


def _secret(databases: tuple[Database, Database]) -> tuple[Script, str]:
    return germany_in_france(databases, "secret"), "F1914M"


def _stab_next(script: Script) -> str:
    autumn(script, FRANCE_TAKES_SPAIN)
    return "Fall 1914 Movement results"


def _secret_next(script: Script) -> str:
    script.turn("W1914A", "Build A mar", "Waive")
    return "Winter 1914 Adjustments results"


@pytest.mark.parametrize(("setup", "then"), [(_stab, _stab_next), (_secret, _secret_next)])
def test_an_observer_who_comes_late_reads_the_same(
        databases: tuple[Database, Database], setup: Callable[..., tuple[Script, str]],
        then: Callable[[Script], str]) -> None:
    script, last = setup(databases)
    for talk in (script.twin.a, script.twin.b):
        account(talk, LATE, "Late Comer")
    script.twin.watch(LATE)
    joined = script.twin.send(LATE, f"OBSERVE beta latepw\n{READS}")
    assert "You observe beta" in joined[0] and f"beta-{last}.svg" in joined[0], joined[0]
    report = then(script)
    script.twin.send(LATE, f"SIGNON Obeta latepw\n{READS}\nMAP beta {last}\nCOLUMNS")
    script.twin.send(LATE, f"{READS}\nMAP beta {last}")
    mails = script.twin.transcript(LATE)
    assert any(report in m for m in mails), mails
    assert script.twin.differences([LATE]) == ""


def test_in_plain_envoy_the_late_observer_reads_the_difference(
        databases: tuple[Database, Database]) -> None:
    """The comparison can fail: without hidden movement the diplomat's move is public."""
    script = germany_in_france(databases, "none")
    for talk in (script.twin.a, script.twin.b):
        account(talk, LATE, "Late Comer")
    script.twin.watch(LATE)
    script.twin.send(LATE, f"OBSERVE beta latepw\n{READS}")
    assert "D Germany -> France." in script.twin.differences([LATE])


def test_emgreport_resends_the_report_alike(databases: tuple[Database, Database]) -> None:
    """EMGREPORT (judge/mail/inbound/emg_run.py) renders the latest report again, from the
    visibility's board rather than France's record: after the Stab Fall of
    test_adv8_retreat_unordered.py (her army dislodged, an unseen German army in Munich or
    not), with the seat's password and without, it is the same in both games."""
    script = _hemmed_in(databases)
    for game in (f"{GAME} pw-FRANCE", GAME):
        body = f"EMGSTART\n  france\n  {game}\nEMGEND"
        replies = deliver(script.twin, script.france.address, "EMGREPORT", body)
        assert "The French A Burgundy can retreat to Belgium, Munich." in replies[0], replies
        assert replies[0] == replies[1]
    assert script.leaks() == ""


def test_a_players_second_account_does_not_observe_what_he_may_not_see(
        databases: tuple[Database, Database]) -> None:
    """Stab with `observers_see_all` (the master's choice at CREATE, set here in the open
    turn's state as CREATE writes it: docs/variants/envoy.md). France registers a second
    address as an account of its own (REGISTER proves only that she owns the address) and
    OBSERVEs with it: the request waits for the master, who is told the account's name and
    address (observe26: judge/game/observers.py); until he lets it in, no password opens an
    observer's seat, and it reads the same in both games."""
    script = tyrolia(databases, "stab")
    for talk in (script.twin.a, script.twin.b):
        edit_board(talk, "F1914M", lambda board: board._replace(
            state={**board.state, "observers_see_all": True}))
        account(talk, SOCK, "France Again")
        talk.mails_to(MASTER_SIGNON[0])
    script.twin.watch(SOCK)
    replies = script.twin.send(SOCK, "OBSERVE beta sockpw\nBOARD beta\nSIGNON Obeta sockpw\nBOARD")
    assert "Your request to observe beta went to its master" in replies[0], replies[0]
    assert "wrong password for O in beta" in replies[0], replies[0]
    asked = [m for m in script.twin.a.mails_to(MASTER_SIGNON[0])
             if m.subject == "beta: France Again asks to observe"]
    assert len(asked) == 1 and f"France Again ({SOCK}) asks to observe beta" in asked[0].body
    assert script.twin.differences([SOCK]) == ""
