"""REGISTER, SET ADDRESS, SET ZONE, SET PASSWORD and WHOAMI, by mail, on both backends."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import Session

from judge.game.lifecycle import create_game
from judge.store import repo
from judge.store.models import Account, Seat, SeatStatus
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


def _accounts(talk: Conversation) -> list[tuple[str, str, list[str]]]:
    """(name, zone, addresses oldest first) of every account."""
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(Account).order_by(Account.id)).all()
        return [(a.name, a.time_zone, [x.address for x in a.addresses]) for a in rows]


def test_register_creates_the_account_and_later_commands_see_it(talk: Conversation) -> None:
    reply = _send(talk, ALICE, "register\nName: Alice Smith\nzone: europe/london\nEND\n"
                               "WHOAMI\n")
    assert reply.subject == "Re: commands"
    assert ("Registered: Alice Smith, time zone Europe/London; mail goes to "
            "alice@example.org.") in reply.body
    assert "Name: Alice Smith" in reply.body
    assert "Time zone: Europe/London" in reply.body
    assert _accounts(talk) == [("Alice Smith", "Europe/London", [ALICE])]
    # The next message is recognised by its From address.
    assert "Addresses: alice@example.org (mail goes here)" in _send(talk, ALICE, "WHOAMI").body


def test_register_without_a_zone_takes_utc(talk: Conversation) -> None:
    reply = _send(talk, "Bob@Example.org", "REGISTER\nname: Bob\nEND")
    assert "Registered: Bob, time zone UTC; mail goes to bob@example.org." in reply.body
    assert _accounts(talk) == [("Bob", "UTC", ["bob@example.org"])]


def test_register_again_updates_name_and_zone(talk: Conversation) -> None:
    register(talk, ALICE, "Alice Smith")
    reply = _send(talk, ALICE, "REGISTER\nzone: America/New_York\nEND")
    assert ("Updated your account: Alice Smith, time zone America/New_York; mail goes to "
            "alice@example.org.") in reply.body
    _send(talk, ALICE, "REGISTER\nname: Alice Jones\nEND")
    assert _accounts(talk) == [("Alice Jones", "America/New_York", [ALICE])]


def test_register_with_an_address_sends_mail_there(talk: Conversation) -> None:
    reply = _send(talk, ALICE, "REGISTER\nname: Alice\naddress: Alice <Alice@Home.example>\n"
                               "END")
    assert "mail goes to alice@home.example." in reply.body
    assert _accounts(talk) == [("Alice", "UTC", [ALICE, "alice@home.example"])]
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
    assert _accounts(talk) == []


def test_register_refuses_an_address_of_another_account(talk: Conversation) -> None:
    register(talk, "bob@example.org", "Bob")
    reply = _send(talk, ALICE, "REGISTER\nname: Alice\naddress: BOB@example.org\nEND")
    assert "bob@example.org already belongs to another account; give an address of your " \
           "own" in reply.body
    assert [name for name, _, _ in _accounts(talk)] == ["Bob"]


def test_register_without_end_is_not_acted_on(talk: Conversation) -> None:
    reply = _send(talk, ALICE, "REGISTER\nname: Alice\n")
    assert "no END after this REGISTER" in reply.body
    assert _accounts(talk) == []


def test_set_address_moves_the_mail_and_tells_the_old_address(talk: Conversation) -> None:
    register(talk, ALICE, "Alice")
    reply = _send(talk, ALICE, "SET ADDRESS alice@work.example")
    assert ("Mail now goes to alice@work.example; mail you send from alice@example.org is "
            "still recognised as yours.") in reply.body
    # Sent from the address mail used to go to: she reads this reply, no notice needed.
    assert [m.subject for m in talk.mails_to(ALICE)] == ["Re: commands", "Re: commands"]
    _send(talk, ALICE, "SET ADDRESS alice@home.example")
    notices = talk.mails_to("alice@work.example")
    assert [m.subject for m in notices] == ["Your address on the judge changed"]
    assert "now goes to alice@home.example, as asked by a message from alice@example.org" \
        in notices[0].body
    assert _accounts(talk)[0][2] == [ALICE, "alice@work.example", "alice@home.example"]


def test_set_address_back_to_an_older_address(talk: Conversation) -> None:
    register(talk, ALICE, "Alice")
    _send(talk, ALICE, "SET ADDRESS alice@work.example")
    reply = _send(talk, ALICE, "set email alice@example.org")
    assert "Mail now goes to alice@example.org" in reply.body
    assert _accounts(talk)[0][2] == ["alice@work.example", ALICE]
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
    assert _accounts(talk)[1][2] == [ALICE]


def test_commands_need_an_account(talk: Conversation) -> None:
    reply = _send(talk, ALICE, "SET ADDRESS a@b.example\nSET ZONE UTC\nWHOAMI")
    assert reply.body.count("alice@example.org is not registered on this judge; send "
                            "REGISTER (see HELP REGISTER) first") == 3
    assert _accounts(talk) == []


def test_set_zone(talk: Conversation) -> None:
    register(talk, ALICE, "Alice")
    reply = _send(talk, ALICE, "SET ZONE europe/paris")
    assert ("Your time zone is now Europe/Paris; deadlines and reports are shown in it."
            in reply.body)
    assert _accounts(talk)[0][1] == "Europe/Paris"
    bad = _send(talk, ALICE, "SET TIMEZONE Europe/Atlantis\nSET ZONE")
    assert '"Europe/Atlantis" is not a time zone I know' in bad.body
    assert "write SET ZONE <zone>, e.g. SET ZONE Europe/Paris" in bad.body
    assert _accounts(talk)[0][1] == "Europe/Paris"


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
