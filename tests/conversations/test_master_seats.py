"""The master's seat commands (EJECT, REPLACE, BECOME and SET ORDERS, press after BECOME)
and ANNOUNCE, by mail, on SQLite and PostgreSQL.

The game: standard, seven players (powers given by random.Random(1)), started Monday
2 Nov 2026 09:00 UTC; the default schedule gives S1901M a deadline of Thursday 09:00 UTC.
"""

from __future__ import annotations

import pytest

from judge.store import repo
from tests.conversations.deadlines import HOLDS
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import (
    MASTER,
    Table,
    done,
    error,
    no_errors,
)


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_eject_leaves_the_power_without_a_player(table: Table) -> None:
    reply = no_errors(table.master("EJECT Italy"))
    assert done(reply, "EJECT Italy") == (
        "Italy has no player now; its player and everyone else were told. "
        "Until it has a new one, nobody orders Italy and the judge does not wait for it: "
        "its units hold, it makes no builds, and removals follow the civil disorder rule. "
        "To give it a new player: REPLACE Italy <address> <password>, e.g. "
        "REPLACE Italy carol@example.org secret")
    [gone] = table.talk.mails_to(table.address("ITALY"))
    assert gone.subject == "alpha: you no longer play Italy"
    [notice] = table.talk.mails_to(table.address("FRANCE"))
    assert notice.subject == "alpha: Italy has no player"
    assert notice.body == ("The master of alpha has taken Italy from its player. Until it "
                           "has a new one, nobody orders Italy: its units hold, it makes no "
                           "builds, and removals follow the civil disorder rule.\n")
    reply = table.player("ITALY", "A rom H")
    assert error(reply, "SIGNON Ialpha pw2") == (
        "you no longer play Italy in alpha: its master took it from you, so its password no "
        "longer signs on; ask its master to REPLACE a power with you to play again")
    assert table.audit()[0][0] == "eject"
    assert table.audit()[0][1]["power"] == "ITALY"


def test_eject_errors(talk: Conversation) -> None:
    table = Table.seated(talk)
    reply = table.master("EJECT Italy")
    assert error(reply, "EJECT Italy") == "game alpha has not started yet; START it first"
    no_errors(table.master("START\nEJECT Italy"))
    reply = table.master("EJECT\nEJECT Narnia\nEJECT Italy")
    assert error(reply, "EJECT") == "write EJECT <power>, e.g. EJECT Austria"
    assert error(reply, "EJECT Narnia") == (
        "'Narnia' is not a power of alpha; the powers are Austria, England, France, "
        "Germany, Italy, Russia, Turkey")
    assert error(reply, "EJECT Italy") == (
        "nobody plays Italy in alpha now; REPLACE Italy <address> <password> first")


def test_replace_gives_the_power_to_a_new_player(table: Table) -> None:
    with table.talk.judge.db.unit_of_work() as session:
        repo.create_account(session, name="Carol", address="carol@example.org")
    no_errors(table.master("EJECT Italy"))
    reply = no_errors(table.master("REPLACE Italy carol@example.org carol-pw"))
    assert done(reply, "REPLACE Italy carol@example.org carol-pw") == (
        "Carol now plays Italy; they were mailed how to sign on, and everyone was told.")
    [welcome] = table.talk.mails_to("carol@example.org")
    assert welcome.subject == "alpha: you now play Italy"
    assert "Sign on with: SIGNON Ialpha carol-pw\n" in welcome.body
    assert "Now open: Spring 1901 Movement, deadline Thu 05 Nov 2026 09:00 UTC." in welcome.body
    answer = table.talk.send("carol@example.org", "SIGNON Ialpha carol-pw\nA rom H")
    assert answer is not None and not answer.subject.startswith("[errors]")
    assert "Orders for Italy, Spring 1901 Movement" in answer.body
    assert table.actions() == ["eject", "replace"]


def test_replace_without_eject_retires_the_old_seat(table: Table) -> None:
    with table.talk.judge.db.unit_of_work() as session:
        repo.create_account(session, name="Carol", address="carol@example.org")
    no_errors(table.master("REPLACE Italy carol@example.org carol-pw"))
    reply = table.player("ITALY", "A rom H")
    assert error(reply, "SIGNON Ialpha pw2") == (
        "you no longer play Italy in alpha: its master took it from you, so its password no "
        "longer signs on; ask its master to REPLACE a power with you to play again")


def test_replace_errors(table: Table) -> None:
    france = table.address("FRANCE")
    reply = table.master(f"REPLACE Italy\nREPLACE Italy nobody@example.org pw\n"
                         f"REPLACE Italy {france} pw")
    assert error(reply, "REPLACE Italy") == (
        "write REPLACE <power> <player's address> <password>, e.g. "
        "REPLACE Austria carol@example.org secret")
    assert error(reply, "REPLACE Italy nobody@example.org pw") == (
        "nobody is registered as nobody@example.org; they must REGISTER first "
        "(see HELP REGISTER)")
    assert error(reply, f"REPLACE Italy {france} pw") == (
        "Player 4 already plays France in alpha; choose someone else")
    assert table.actions() == []


def test_become_orders_for_a_power_and_is_logged(table: Table) -> None:
    reply = no_errors(table.master("BECOME France\nA par-bur\nF bre-mid"))
    assert done(reply, "BECOME France") == (
        "You act for France for the rest of this message (orders, press, votes); what "
        "you do is logged.")
    assert "Orders for France, Spring 1901 Movement" in reply.body
    assert table.orders("S1901M") == {"FRANCE": ["A par-bur", "F bre-mid"]}
    assert table.audit() == [
        ("become", {"power": "FRANCE", "phase": "S1901M"}),
        ("orders_by_master", {"power": "FRANCE", "phase": "S1901M",
                              "lines": ["A par-bur", "F bre-mid"]}),
    ]


def test_set_orders_for_two_powers_in_one_message(table: Table) -> None:
    no_errors(table.master("SET ORDERS France\nA par-bur\nSET ORDERS Germany\nA mun-ruh"))
    assert table.orders("S1901M") == {"FRANCE": ["A par-bur"], "GERMANY": ["A mun-ruh"]}
    assert table.actions() == ["set_orders", "set_orders", "orders_by_master",
                                           "orders_by_master"]


def test_become_errors(talk: Conversation) -> None:
    table = Table.seated(talk)
    reply = table.master("BECOME France")
    assert error(reply, "BECOME France") == "game alpha has not started yet; START it first"
    no_errors(table.master("START\nEJECT Italy"))
    reply = table.master("BECOME\nSET ORDERS Narnia\nBECOME Italy")
    assert error(reply, "BECOME") == "write BECOME <power>, e.g. BECOME Austria"
    assert error(reply, "SET ORDERS Narnia").startswith("'Narnia' is not a power of alpha")
    assert error(reply, "BECOME Italy").startswith("nobody plays Italy in alpha now")
    assert table.actions() == ["start", "eject"]


def test_announce_mails_every_seat(table: Table) -> None:
    reply = no_errors(table.master("ANNOUNCE\nThe deadline is firm.\n\nGood luck!\n"
                                   "ENDANNOUNCE"))
    assert done(reply, "ANNOUNCE") == "Your announcement was mailed to all 8 seats of alpha."
    for address in (*table.addresses, MASTER):
        mails = [m for m in table.talk.mails_to(address) if not m.subject.startswith("Re:")]
        assert [m.subject for m in mails] == ["alpha: announcement from the master"]
        assert mails[0].body == ("Announcement from the master of alpha:\n\n"
                                 "The deadline is firm.\n\nGood luck!\n")
    assert table.audit() == [("announce", {"text": "The deadline is firm.\n\nGood luck!"})]


def test_announce_errors(table: Table) -> None:
    reply = table.master("ANNOUNCE\n\nENDANNOUNCE")
    assert error(reply, "ANNOUNCE") == ("write the announcement on the lines after "
                                        "ANNOUNCE, then a line ENDANNOUNCE")
    reply = table.master("ANNOUNCE\nno end")
    assert error(reply, "ANNOUNCE").startswith("no ENDANNOUNCE after this ANNOUNCE")
    assert table.talk.mails_to(table.address("FRANCE")) == []
    assert table.actions() == []


def test_an_ejected_power_is_not_waited_for(table: Table) -> None:
    no_errors(table.master("EJECT Italy"))
    for power in (p for p in HOLDS if p != "ITALY"):
        reply = table.player(power, "\n".join(HOLDS[power]))
    # Six complete order sets and nobody asked to wait: processed early, Italy holding.
    assert "Turn processed" in reply.body
    assert table.open_phase() == "F1901M"
    [report] = [m for m in table.talk.mails_to(table.address("FRANCE"))
                if m.subject == "alpha: Spring 1901 Movement results"]
    assert "Italy:    A Rome HOLD (no order)." in report.body


# Press after BECOME: written as the power, audited as the master's.

def test_press_after_become_is_signed_as_the_power_and_logged(table: Table) -> None:
    reply = no_errors(table.master("BECOME France\nPRESS TO Germany\nBurgundy is yours.\n"
                                   "ENDPRESS"))
    assert done(reply, "PRESS TO Germany") == ("Press sent to Germany as France. It is in "
                                               "the audit log as sent by you.")
    [mail] = table.talk.mails_to(table.address("GERMANY"))
    assert mail.subject == "alpha: press from France"
    assert mail.body == "From: France\nTo: Germany\n\nBurgundy is yours.\n"
    assert table.talk.mails_to(table.address("ITALY")) == []
    assert table.audit() == [
        ("become", {"power": "FRANCE", "phase": "S1901M"}),
        ("press", {"power": "FRANCE", "to": ["GERMANY"], "grey": False,
                   "text": "Burgundy is yours."})]


def test_a_broadcast_after_become_comes_from_the_power(table: Table) -> None:
    no_errors(table.master("BECOME Turkey\nBROADCAST\nPeace.\nENDPRESS"))
    for power in ("AUSTRIA", "TURKEY"):  # Turkey's player is told what was said for it
        [mail] = table.talk.mails_to(table.address(power))
        assert (mail.subject, mail.body) == ("alpha: broadcast from Turkey",
                                             "From: Turkey\nTo: everyone\n\nPeace.\n")
    assert table.audit()[-1] == ("press", {"power": "TURKEY", "to": ["everyone"],
                                           "grey": False, "text": "Peace."})


def test_press_after_become_follows_the_games_press_rules(table: Table) -> None:
    no_errors(table.master("SET PRESS grey"))
    reply = no_errors(table.master("BECOME France\nPRESS TO Germany\nGuess who.\nENDPRESS"))
    assert done(reply, "PRESS TO Germany").startswith(
        "Press sent to Germany as France, without its name (grey).")
    [mail] = table.talk.mails_to(table.address("GERMANY"))
    assert mail.body == "From: an anonymous power\nTo: you\n\nGuess who.\n"
    assert table.audit()[-1][1]["grey"] is True
    no_errors(table.master("SET PRESS none"))
    reply = table.master("BECOME France\nPRESS TO Germany\nHello?\nENDPRESS\n"
                         "PRESS TO master\nMe?\nENDPRESS")
    assert error(reply, "PRESS TO Germany") == ("alpha is a no-press game: players cannot "
                                                "write to each other")
    assert error(reply, "PRESS TO master") == ("you are the master: press to the master "
                                               "would reach nobody")
    assert table.actions()[-1] == "become"
