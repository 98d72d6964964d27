"""Newcomer 22: a master who must leave hands the game to another master, by mail.

Before, a master had no way to do it: his RESIGN was answered "only a player can resign;
sign on with your power's letter", which he cannot. SET MASTER <address> <password> now
hands the game over (docs/master.md, SET MASTER), and a master's RESIGN points to it.
"""

from __future__ import annotations

import pytest

from judge.store import repo
from tests.conversations.envoy.envoy_setup import ANN, envoy_game
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import MASTER, Table, done, error, no_errors
from tests.conversations.seating_helpers import MASTER as ENVOY_MASTER
from tests.conversations.seating_helpers import reply

DAN = "dan@example.org"


@pytest.fixture
def table(talk: Conversation) -> Table:
    table = Table.started(talk)
    no_errors(reply(talk, DAN, "REGISTER\nname: Dan\nEND"))
    talk.mails_to(DAN)
    return table


def test_a_masters_resign_tells_him_how_to_hand_the_game_over(table: Table) -> None:
    refused = table.master("RESIGN")
    assert error(refused, "RESIGN") == (
        "a master does not resign: hand alpha to another registered player with SET MASTER "
        "<address> <password>, e.g. SET MASTER dan@example.org secret")


def test_set_master_hands_the_game_to_another_master(table: Table) -> None:
    handed = table.master("SET MASTER dan@example.org dan-pw\nPROCESS")
    assert done(handed, "SET MASTER dan@example.org dan-pw") == (
        "Dan is now the master of alpha; they were mailed how to sign on, and everyone was "
        "told. Your master password of alpha no longer signs on.")
    # The rest of his message no longer speaks as master.
    assert error(handed, "PROCESS").startswith("sign on first"), handed.body
    assert table.open_phase() == "S1901M"
    [mail] = table.talk.mails_to(DAN)
    assert mail.subject == "alpha: you are now its master"
    assert "Sign on with: SIGNON Malpha dan-pw\n" in mail.body, mail.body
    assert "Now open: Spring 1901 Movement" in mail.body, mail.body
    told = [m for m in table.talk.mails_to(table.address("FRANCE")) if "Re:" not in m.subject]
    assert [(m.subject, m.body) for m in told] == [
        ("alpha: new master", "Dan is now the master of alpha, in place of Gamemaster.\n")]
    old = reply(table.talk, MASTER, "SIGNON Malpha gm-secret")
    assert "wrong password for M in alpha" in old.body, old.body
    processed = reply(table.talk, DAN, "SIGNON Malpha dan-pw\nPROCESS S1901M")
    assert "Spring 1901 Movement is processed" in processed.body, processed.body
    listed = reply(table.talk, "x@example.org", "LIST alpha\nSUMMARY alpha")
    assert "    Master: Dan\n" in listed.body, listed.body
    assert "    Master: Gamemaster, then Dan\n" in listed.body, listed.body
    dan = table.query(lambda s, g: repo.account_by_address(s, DAN))
    assert [d for a, d in table.audit() if a == "set_master"] == [{"account": dan.id}]


def test_set_master_errors(table: Table) -> None:
    refused = table.master("SET MASTER nobody@example.org pw\nSET MASTER gm@example.org pw\n"
                           "SET MASTER dan@example.org")
    assert error(refused, "SET MASTER nobody@example.org pw") == (
        "nobody is registered as nobody@example.org; they must REGISTER first (see HELP "
        "REGISTER)")
    assert error(refused, "SET MASTER gm@example.org pw") == (
        "Gamemaster is already the master of alpha; hand it to someone else")
    assert error(refused, "SET MASTER dan@example.org") == (
        "write SET MASTER <address> <password>, e.g. SET MASTER dan@example.org secret")
    player = table.player("FRANCE", "SET MASTER dan@example.org pw")
    assert error(player, "SET MASTER dan@example.org pw") == (
        "only the master of alpha may do this (SIGNON M<game> <password> as master)")
    assert "set_master" not in table.actions()


def test_a_player_of_a_hidden_game_cannot_become_its_master(talk: Conversation) -> None:
    envoy_game(talk, hidden="stab")
    refused = reply(talk, ENVOY_MASTER, f"SIGNON Mbeta gmpw\nSET MASTER {ANN} ann-gm")
    assert error(refused, f"SET MASTER {ANN} ann-gm").startswith(
        "ann plays in beta, which keeps things from its players that its master sees, so a "
        "player there cannot become its master (docs/secrecy.md)"), refused.body
    assert talk.mails_to(ANN) == []
