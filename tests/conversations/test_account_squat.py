"""An address nobody proved joins no account (adv1 t1_squat): Mallory puts Victor's
address on her account, Victor writes to the judge and joins a game, Mallory undoes the
change and takes the seat with it. The new address must answer a code of its own first,
so Victor's mail stays his and Mallory never holds an undo code over it."""

from __future__ import annotations

from tests.conversations.account_guard import (
    CONFIRM_SUBJECT,
    UNDO_SUBJECT,
    VERIFY_SUBJECT,
    accounts,
    answer,
    code_in,
    only,
    prove,
    reply_address,
    send_to,
)
from tests.conversations.accounts_listings import register
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER

MALLORY = "mallory@evil.example"
VICTOR = "victor@example.net"


def _mallory_claims_victor(talk: Conversation) -> None:
    register(talk, MASTER, "GM")
    answer(talk, MASTER, "CREATE beta gmpw2 standard")
    register(talk, MALLORY, "Mallory")
    answer(talk, MALLORY, f"SET ADDRESS {VICTOR}")
    agreed = answer(talk, MALLORY, code_in(only(talk.mails_to(MALLORY), CONFIRM_SUBJECT)))
    assert (f"The judge has now mailed a code to {VICTOR}: the mail goes there only once "
            "that address proves itself") in agreed.body
    assert f"Until then {VICTOR} is not on your account." in agreed.body


def test_a_stranger_address_is_not_the_account_until_it_answers(talk: Conversation) -> None:
    _mallory_claims_victor(talk)
    assert accounts(talk)[1] == ("Mallory", "UTC", [MALLORY])
    verify = only(talk.mails_to(VICTOR), VERIFY_SUBJECT)
    assert "this address is not on the account until it answers" in verify.body
    # Victor, new to the judge, is nobody's account: JOIN asks him to register.
    assert "REGISTER" in answer(talk, VICTOR, "JOIN beta victorpw").body
    register(talk, VICTOR, "Victor")
    assert "You joined beta" in answer(talk, VICTOR, "JOIN beta victorpw").body
    assert "Name: Victor" in answer(talk, VICTOR, "WHOAMI").body
    # Mallory holds no undo code: none was mailed to her.
    assert UNDO_SUBJECT not in [m.subject for m in talk.mails_to(MALLORY)]
    # Nor can the old verification now take Victor's address.
    late = send_to(talk, reply_address(verify), VICTOR)
    assert f"{VICTOR} already belongs to another account" in late.body
    assert accounts(talk)[1:] == [("Mallory", "UTC", [MALLORY]),
                                  ("Victor", "UTC", [VICTOR])]


def test_a_new_address_that_answers_takes_the_mail(talk: Conversation) -> None:
    _mallory_claims_victor(talk)
    assert "Confirmed: mail now goes to: victor@example.net." in prove(talk, VICTOR).body
    assert accounts(talk)[1] == ("Mallory", "UTC", [MALLORY, VICTOR])
    only(talk.mails_to(MALLORY), UNDO_SUBJECT)
