"""Newcomer 22: a player whose power went into civil disorder comes back.

He is mailed "Write to the game's master if you want to play on.", but the master's REPLACE
with him was refused ("Player 4 already plays France in alpha; choose someone else") and
nothing else lifts civil disorder. REPLACE now gives the power back to its own player.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from judge.turns.deadlines import sweep_all
from tests.conversations.deadlines import HOLDS
from tests.conversations.harness import START, Conversation
from tests.conversations.master_helpers import MASTER, Table, done, error, no_errors
from tests.conversations.seating_helpers import reply


def sweep_at(table: Table, hours: int) -> list[str]:
    talk = table.talk
    talk.clock.set(START + timedelta(hours=hours))
    return sweep_all(talk.judge.db, talk.clock, talk.judge.postman)


@pytest.fixture
def table(talk: Conversation) -> Table:
    """France alone sent nothing for S1901M and is in civil disorder in F1901M."""
    table = Table.started(talk)
    no_errors(table.master("SET NMR disorder"))
    for power, lines in HOLDS.items():
        if power != "FRANCE":
            no_errors(table.player(power, "\n".join(lines)))
    sweep_at(table, 73)  # the deadline: France is late
    processed = " ".join(sweep_at(table, 97))  # grace ends
    assert "disorder for FRANCE" in processed, processed
    mails = talk.mails_to(table.address("FRANCE"))
    assert any("Write to the game's master if you want to play on." in m for m in mails)
    for address in (MASTER, *table.addresses):
        talk.mails_to(address)
    return table


def test_replace_gives_a_power_in_civil_disorder_back_to_its_player(table: Table) -> None:
    refused = table.player("FRANCE", "SET DRAW")
    assert error(refused, "SET DRAW") == (
        "France is in civil disorder and does not vote; the master's REPLACE France <its "
        "player's address> <password> gives it back to its player")
    address = table.address("FRANCE")
    back = no_errors(table.master(f"REPLACE France {address} back-pw"))
    assert done(back, f"REPLACE France {address} back-pw") == (
        "France is out of civil disorder: Player 4 plays it again, with the password you "
        "gave; they were mailed how to sign on, and everyone was told.")
    [mail] = [m for m in table.talk.mails_to(address) if "Re:" not in m.subject]
    assert mail.subject == "alpha: you play France again"
    assert "Sign on with: SIGNON Falpha back-pw\n" in mail.body, mail.body
    told = [m for m in table.talk.mails_to(table.address("ENGLAND"))
            if "Re:" not in m.subject]
    assert [(m.subject, m.body) for m in told] == [
        ("alpha: France is out of civil disorder",
         "France is no longer in civil disorder in alpha: its player plays on.\n")]
    voted = no_errors(reply(table.talk, address, "SIGNON Falpha back-pw\nSET DRAW"))
    assert "Your draw vote is recorded." in voted.body, voted.body
    listed = reply(table.talk, "x@example.org", "LIST alpha")
    assert "      France:   Player 4\n" in listed.body, listed.body
    assert table.audit()[-1] == ("replace", {"power": "FRANCE", "account": table.query(
        lambda s, g: next(p.account_id for p in g.seats if p.power == "FRANCE")),
        "disorder_lifted": True})


def test_the_judge_waits_for_him_again(table: Table) -> None:
    no_errors(table.master(f"REPLACE France {table.address('FRANCE')} back-pw"))
    for power, lines in HOLDS.items():
        if power != "FRANCE":
            no_errors(table.player(power, "\n".join(lines)))
    # Everyone else's F1901M orders are in; France is waited for again, so nothing processed.
    assert table.open_phase() == "F1901M"


def test_replace_with_a_powers_own_player_gives_him_a_new_password(talk: Conversation) -> None:
    # A player who lost his seat password had no way back: REPLACE with him was refused
    # ('Player 4 already plays France in alpha; choose someone else').
    table = Table.started(talk)
    no_errors(table.player("FRANCE", "A par-bur"))
    address = table.address("FRANCE")
    talk.mails_to(address)
    reset = no_errors(table.master(f"REPLACE France {address} found-pw"))
    assert done(reset, f"REPLACE France {address} found-pw") == (
        "Player 4 still plays France, with the new password you gave; they were mailed it. "
        "Nobody else was told.")
    [mail] = talk.mails_to(address)
    assert mail.subject == "alpha: a new password for France"
    assert "Sign on with: SIGNON Falpha found-pw\n" in mail.body, mail.body
    assert talk.mails_to(table.address("ENGLAND")) == []
    assert "wrong password for F in alpha" in reply(talk, address, "SIGNON Falpha pw4").body
    shown = no_errors(reply(talk, address, "SIGNON Falpha found-pw\nORDERS"))
    assert "A Paris -> Burgundy." in shown.body, shown.body  # his orders stand
