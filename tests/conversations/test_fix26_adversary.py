"""Fix 26 as an adversary: more ways around each fix, tried by mail.

Orders ahead: the same phase spelt two ways, and blocks for another later phase between.
A repeated order across two blocks. Seat codes: a second plain reply to a used code, and
a forwarded code mail answered from another address. Post-game press: grey stays grey,
and an observer still writes to the master only."""

from __future__ import annotations

import pytest

from judge.game.passwords import verify_password
from tests.conversations.account_guard import reply_address, send_to
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error, no_errors, notices
from tests.conversations.seat_confirm import seat_mail
from tests.conversations.seating_helpers import account, reply
from tests.conversations.test_fix26_seat_confirm import ALICE, CHOSEN, GAME, _alices_seat, _survival


@pytest.fixture
def table(talk: Conversation) -> Table:
    return Table.started(talk)


def test_one_phase_spelt_two_ways_is_one_phase(table: Table) -> None:
    sent = table.player("FRANCE", "PHASE F1901M\nA par-bur\nPHASE Fall 1901 Movement\n"
                                  "A par-pic")
    assert error(sent, "A par-bur").startswith("lines 3 and 5 give the unit in Paris")
    assert table.future() == {("F1901M", "FRANCE"): []}


def test_a_block_for_another_later_phase_between_keeps_its_own(table: Table) -> None:
    sent = table.player("FRANCE", "PHASE F1901M\nA par-bur\nPHASE S1902M\nA par-gas\n"
                                  "PHASE F1901M\nA par-pic")
    assert error(sent, "A par-pic").startswith("lines 3 and 7 give the unit in Paris")
    assert table.future() == {("F1901M", "FRANCE"): [], ("S1902M", "FRANCE"): ["A par-gas"]}


def test_an_order_repeated_across_blocks_is_said_to_be_one(table: Table) -> None:
    sent = table.player("FRANCE", "PHASE F1901M\nA par-bur\nPHASE F1901M\nA Paris - Burgundy\n"
                                  "A par-pic")
    said = error(sent, "A par-pic")
    assert said.startswith("lines 3, 5 and 6 give the unit in Paris 2 different orders for "
                           "F1901M in one message (lines 3 and 5 give the same order)"), said


def test_a_second_plain_reply_to_a_used_code_changes_nothing(talk: Conversation) -> None:
    _survival(talk)
    reply(talk, ALICE, f"JOIN {GAME} alice-pw")
    mail = seat_mail(talk, ALICE)
    assert mail is not None
    first = send_to(talk, reply_address(mail), ALICE).body
    chosen = CHOSEN.search(first)
    assert chosen is not None, first
    again = send_to(talk, reply_address(mail), "mallory@example.org").body
    assert "this code has been used already" in again and "chose" not in again, again
    assert verify_password(chosen.group(1), _alices_seat(talk)[2])


def test_a_forwarded_code_mail_answered_elsewhere_tells_only_that_answer(
        talk: Conversation) -> None:
    """The code proves the mailbox: whoever answers from it (Alice, forwarding to her
    phone) gets the password; nothing of it goes to the address the request came from."""
    _survival(talk)
    reply(talk, ALICE, f"OBSERVE {GAME} mallory-knows")
    talk.mails_to(ALICE)
    mail = seat_mail(talk, ALICE)
    assert mail is not None
    done = send_to(talk, reply_address(mail), "phone@alice.example").body
    chosen = CHOSEN.search(done)
    assert chosen is not None and f"Confirmed: Alice observes {GAME}" in done, done
    told = [m for m in talk.mails_to(ALICE) if chosen.group(1) in m.body]
    assert told == []


def test_grey_press_after_the_end_stays_grey(talk: Conversation) -> None:
    table = Table.started(talk)
    no_errors(table.master("SET PRESS grey"))
    no_errors(table.master("END GAME DRAW"))
    notices(table, "GERMANY")
    sent = no_errors(table.player("FRANCE", "PRESS TO Germany\nWho am I?\nENDPRESS")).body
    assert "(press is grey)" in sent, sent
    got = notices(table, "GERMANY")
    assert [s for s, _ in got] == ["alpha: press from an anonymous power"], got
    assert "France" not in got[0][1], got


def test_an_observer_still_writes_to_the_master_only_after_the_end(talk: Conversation) -> None:
    table = Table.started(talk)
    account(talk, "watcher@example.org", "Watcher")
    no_errors(reply(talk, "watcher@example.org", "OBSERVE alpha seepw"))
    no_errors(table.master("END GAME DRAW"))
    sent = reply(talk, "watcher@example.org",
                 "SIGNON Oalpha seepw\nPRESS TO Germany\nhello\nENDPRESS")
    assert error(sent, "PRESS TO Germany") == "observers may write to the master only: PRESS " \
                                              "TO master"
