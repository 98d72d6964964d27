"""REGISTER, SET ADDRESS, SET ZONE, SET PASSWORD and WHOAMI, by mail, on both backends.

Changes to an existing account wait for confirmation; the attacks on that are in
test_account_guard.py.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import Session

from judge.game.lifecycle import create_game
from judge.store import repo
from judge.store.models import Account, Seat, SeatStatus
from tests.conversations.account_guard import (
    CONFIRM_SUBJECT,
    VERIFY_SUBJECT,
    accounts,
    code_in,
    only,
    prove,
    reply_address,
    send_to,
)
from tests.conversations.accounts_listings import (
    MASTER_PASSWORD,
    register,
    standard_game,
)
from tests.conversations.harness import Conversation, Mail

ALICE = "alice@example.org"


def _send(talk: Conversation, sender: str, body: str) -> Mail:
    reply = talk.send(sender, body)
    assert reply is not None
    return reply


def test_register_creates_the_account_and_later_commands_see_it(talk: Conversation) -> None:
    reply = _send(talk, ALICE, "register\nName: Alice Smith\nzone: europe/london\nEND\n"
                               "WHOAMI\n")
    assert reply.subject == "Re: commands"
    assert ("Registered: Alice Smith, time zone Europe/London; mail goes to "
            "alice@example.org.") in reply.body
    assert "Name: Alice Smith" in reply.body
    assert "Time zone: Europe/London" in reply.body
    assert accounts(talk) == [("Alice Smith", "Europe/London", [ALICE])]
    # The next message is recognised by its From address.
    assert "Addresses: alice@example.org (mail goes here)" in _send(talk, ALICE, "WHOAMI").body


def test_register_without_a_zone_takes_utc(talk: Conversation) -> None:
    reply = _send(talk, "Bob@Example.org", "REGISTER\nname: Bob\nEND")
    assert "Registered: Bob, time zone UTC; mail goes to bob@example.org." in reply.body
    assert accounts(talk) == [("Bob", "UTC", ["bob@example.org"])]


def test_register_again_updates_name_and_zone_once_confirmed(talk: Conversation) -> None:
    register(talk, ALICE, "Alice Smith")
    talk.mails_to(ALICE)
    reply = _send(talk, ALICE, "REGISTER\nzone: America/New_York\nname: Alice Jones\nEND")
    assert ("Waiting for confirmation: time zone: America/New_York; name: Alice Jones."
            in reply.body)
    assert accounts(talk) == [("Alice Smith", "UTC", [ALICE])]
    confirmation = only(talk.mails_to(ALICE), CONFIRM_SUBJECT)
    done = send_to(talk, reply_address(confirmation), ALICE)
    assert ("line 0: CONFIRM c1-" in done.body
            and "Confirmed: time zone: America/New_York; name: Alice Jones." in done.body)
    assert accounts(talk) == [("Alice Jones", "America/New_York", [ALICE])]


def test_register_with_an_address_sends_mail_there_once_confirmed(talk: Conversation) -> None:
    reply = _send(talk, ALICE, "REGISTER\nname: Alice\naddress: Alice <Alice@Home.example>\n"
                               "END")
    assert "Registered: Alice, time zone UTC; mail goes to alice@example.org." in reply.body
    assert "Waiting for confirmation: mail to go to: alice@home.example." in reply.body
    assert accounts(talk) == [("Alice", "UTC", [ALICE])]
    code = code_in(only(talk.mails_to(ALICE), CONFIRM_SUBJECT))
    assert "The judge has now mailed a code to alice@home.example" in \
        _send(talk, ALICE, code).body
    assert accounts(talk) == [("Alice", "UTC", [ALICE])]
    assert "Confirmed: mail now goes to: alice@home.example." in \
        prove(talk, "alice@home.example").body
    assert accounts(talk) == [("Alice", "UTC", [ALICE, "alice@home.example"])]
    # The address she wrote from still identifies her.
    assert "Addresses: alice@home.example (mail goes here), alice@example.org" in \
        _send(talk, ALICE, "WHOAMI").body


@pytest.mark.parametrize(("block", "reason"), [
    ("zone: UTC", "a new account needs a name: write a line REGISTER, then "
                  "'name: Alice Smith'"),
    ("name: Alice\nphone: 555", "line 3 ('phone: 555'): REGISTER takes only 'name:', "
                                "'zone:' and 'address:' lines"),
    ("name: Alice\nzone: Mars/Olympus", '"Mars/Olympus" is not a time zone I know; write an '
                                        'IANA name, e.g. "Europe/London"'),
    ("name: Alice\naddress: nowhere", "'nowhere' is not a mail address; write one such as "
                                      "alice@example.org"),
    ("name:", "line 2: 'name:' has no value after the colon"),
    ("name: " + "x" * 101, "the name is longer than 100 characters"),
    ("Alice Smith", "line 2 ('Alice Smith'): REGISTER takes only"),
])
def test_register_errors_change_nothing(talk: Conversation, block: str, reason: str) -> None:
    reply = _send(talk, ALICE, f"REGISTER\n{block}\nEND")
    assert reply.subject == "[errors] Re: commands"
    assert "line 1: REGISTER\n    " + reason in reply.body
    assert accounts(talk) == []


def test_register_refuses_an_address_of_another_account(talk: Conversation) -> None:
    register(talk, "bob@example.org", "Bob")
    reply = _send(talk, ALICE, "REGISTER\nname: Alice\naddress: BOB@example.org\nEND")
    assert "bob@example.org already belongs to another account; give an address of your " \
           "own" in reply.body
    assert [name for name, _, _ in accounts(talk)] == ["Bob"]


def test_register_without_end_is_not_acted_on(talk: Conversation) -> None:
    reply = _send(talk, ALICE, "REGISTER\nname: Alice\n")
    assert "no END after this REGISTER" in reply.body
    assert accounts(talk) == []


def test_set_address_moves_the_mail_once_confirmed_and_tells_the_old_address(
        talk: Conversation) -> None:
    register(talk, ALICE, "Alice")
    reply = _send(talk, ALICE, "SET ADDRESS alice@work.example")
    assert "Waiting for confirmation: mail to go to: alice@work.example." in reply.body
    code = code_in(only(talk.mails_to(ALICE), CONFIRM_SUBJECT))
    assert code.startswith("CONFIRM c1-")
    assert accounts(talk)[0][2] == [ALICE]
    agreed = _send(talk, "phone@elsewhere.example", code)  # the code works from anywhere
    assert "Until then alice@work.example is not on your account." in agreed.body
    assert accounts(talk)[0][2] == [ALICE]
    verify = only(talk.mails_to("alice@work.example"), VERIFY_SUBJECT)
    done = _send(talk, "phone@elsewhere.example", code_in(verify))
    assert "Confirmed: mail now goes to: alice@work.example." in done.body
    notice = only(talk.mails_to(ALICE), "Your address on the judge changed")
    assert ("now goes to alice@work.example instead of this address; the change was "
            "confirmed by a message from phone@elsewhere.example") in notice.body
    assert code_in(notice).startswith("UNDO u3-")
    assert accounts(talk)[0][2] == [ALICE, "alice@work.example"]


def test_set_address_back_to_an_older_address(talk: Conversation) -> None:
    register(talk, ALICE, "Alice")
    _send(talk, ALICE, "SET ADDRESS alice@work.example")
    _send(talk, ALICE, code_in(only(talk.mails_to(ALICE), CONFIRM_SUBJECT)))
    prove(talk, "alice@work.example")
    _send(talk, ALICE, "set email alice@example.org")
    confirmation = only(talk.mails_to("alice@work.example"), CONFIRM_SUBJECT)
    reply = send_to(talk, reply_address(confirmation), "alice@work.example")
    assert "Confirmed: mail now goes to: alice@example.org." in reply.body
    assert accounts(talk)[0][2] == ["alice@work.example", ALICE]
    assert "Mail already goes to alice@example.org." in \
        _send(talk, ALICE, "SET ADDRESS Alice@Example.org").body


@pytest.mark.parametrize(("line", "reason"), [
    ("SET ADDRESS", "write SET ADDRESS <new address>, e.g. SET ADDRESS alice@example.org"),
    ("SET ADDRESS a@b.example c@d.example", "write SET ADDRESS <new address>"),
    ("SET ADDRESS alice.example.org", "'alice.example.org' is not a mail address"),
    ("SET ADDRESS bob@example.org", "bob@example.org already belongs to another account"),
])
def test_set_address_errors(talk: Conversation, line: str, reason: str) -> None:
    register(talk, "bob@example.org", "Bob")
    register(talk, ALICE, "Alice")
    reply = _send(talk, ALICE, line)
    assert f"Errors\n------\nline 1: {line}\n    {reason}" in reply.body
    assert accounts(talk)[1][2] == [ALICE]


def test_commands_need_an_account(talk: Conversation) -> None:
    reply = _send(talk, ALICE, "SET ADDRESS a@b.example\nSET ZONE UTC\nWHOAMI")
    assert reply.body.count("alice@example.org is not registered on this judge; send "
                            "REGISTER (see HELP REGISTER) first") == 3
    assert accounts(talk) == []


def test_set_zone(talk: Conversation) -> None:
    register(talk, ALICE, "Alice")
    reply = _send(talk, ALICE, "SET ZONE europe/paris")
    assert "Waiting for confirmation: time zone: Europe/Paris." in reply.body
    assert accounts(talk)[0][1] == "UTC"
    code = code_in(only(talk.mails_to(ALICE), CONFIRM_SUBJECT))
    assert "Confirmed: time zone: Europe/Paris." in _send(talk, ALICE, code).body
    assert accounts(talk)[0][1] == "Europe/Paris"
    bad = _send(talk, ALICE, "SET TIMEZONE Europe/Atlantis\nSET ZONE")
    assert '"Europe/Atlantis" is not a time zone I know' in bad.body
    assert "write SET ZONE <zone>, e.g. SET ZONE Europe/Paris" in bad.body
    assert accounts(talk)[0][1] == "Europe/Paris"


def test_set_password_changes_the_signed_on_seat(talk: Conversation) -> None:
    standard_game(talk, players=2, start=False)
    master = "gm-alpha@example.org"
    reply = _send(talk, master, f"SIGNON Malpha {MASTER_PASSWORD}\nSET PASSWORD n3w-Secret")
    assert ("The password of master in alpha is changed; SIGNON with the new one from now "
            "on.") in reply.body
    assert "wrong password for M in alpha" in \
        _send(talk, master, f"SIGNON Malpha {MASTER_PASSWORD}").body
    assert "Signed on as master in alpha." in _send(talk, master, "SIGNON Malpha n3w-Secret").body


def test_set_password_errors(talk: Conversation) -> None:
    players = standard_game(talk, players=2, start=False)
    reply = _send(talk, players["joined-0"].address, "SET PASSWORD secret")
    assert "sign on first: SIGNON <power initial><game> <password>" in reply.body
    master = "gm-alpha@example.org"
    reply = _send(talk, master, f"SIGNON Malpha {MASTER_PASSWORD}\nSET PASSWORD two words")
    assert "write SET PASSWORD <new password> (one word, no spaces)" in reply.body
    assert "Signed on as master" in _send(talk, master, f"SIGNON Malpha {MASTER_PASSWORD}").body


def test_whoami_lists_seats(talk: Conversation) -> None:
    players = standard_game(talk, players=7)
    france = players["FRANCE"]
    _send(talk, france.address, "SET ZONE Europe/Paris")
    _send(talk, france.address,
          code_in(only(talk.mails_to(france.address), CONFIRM_SUBJECT)))
    reply = _send(talk, france.address, f"SIGNON Falpha {france.password}\nWHOAMI")
    assert f"Name: {france.name}" in reply.body
    assert "Time zone: Europe/Paris" in reply.body
    assert "Seats: France in alpha" in reply.body
    assert "This message: signed on as France" in reply.body


def test_whoami_shows_every_seat_and_its_status(talk: Conversation) -> None:
    austria = standard_game(talk, players=7)["AUSTRIA"]
    with talk.judge.db.unit_of_work() as session:
        account = repo.account_by_address(session, austria.address)
        assert account is not None
        create_game(session, name="beta", password="x", variant="standard", master=account)
        seat = next(s for s in account_seats(session, account) if s.power == "AUSTRIA")
        seat.status = SeatStatus.RESIGNED
    reply = _send(talk, austria.address, "WHOAMI")
    assert "Seats: Austria in alpha, resigned; master in beta" in reply.body
    assert "This message: not signed on" in reply.body


def account_seats(session: Session, account: Account) -> list[Seat]:
    return list(session.scalars(sa.select(Seat).where(Seat.account_id == account.id)))
