"""Helpers for the account-guard tests: the confirmation and undo mails, their codes, and
messages sent to an address of the judge's other than its plain one (a reply address)."""

from __future__ import annotations

import re

import sqlalchemy as sa

from judge.store.models import Account
from tests.conversations.harness import JUDGE, Conversation, Mail, raw_message

CONFIRM_SUBJECT = "Confirm the change to your account"
UNDO_SUBJECT = "Your address on the judge changed"
VERIFY_SUBJECT = "Confirm this address for your account"
_CODE = re.compile(r"^  (CONFIRM|UNDO) ([cu]\d+-[a-z2-7]{16})$", re.MULTILINE)


def only(mails: list[Mail], subject: str) -> Mail:
    """The one mail among `mails` with this subject."""
    found = [m for m in mails if m.subject == subject]
    assert len(found) == 1, [m.subject for m in mails]
    return found[0]


def code_in(mail: Mail) -> str:
    """The code a confirmation or undo mail gives, as `CONFIRM c1-...` / `UNDO u2-...`."""
    match = _CODE.search(mail.body)
    assert match is not None, mail.body
    return f"{match.group(1)} {match.group(2)}"


def reply_address(mail: Mail) -> str:
    address = str(mail.message["Reply-To"])
    assert address.startswith("judge+") and address.endswith("@example.org"), address
    return address


def send_to(talk: Conversation, address: str, sender: str, body: str = "",
            subject: str = "Re: your mail") -> Mail:
    """Deliver a message from `sender` to `address` (a reply address of the judge's)."""
    raw = raw_message(sender, body, subject)
    raw = raw.replace(f"To: {JUDGE}".encode(), f"To: {address}".encode(), 1)
    reply = talk.deliver(raw)
    assert reply is not None
    return reply


def answer(talk: Conversation, sender: str, body: str) -> Mail:
    reply = talk.send(sender, body)
    assert reply is not None
    return reply


def accounts(talk: Conversation) -> list[tuple[str, str, list[str]]]:
    """(name, zone, addresses oldest first, the last being where mail goes) of each."""
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(Account).order_by(Account.id)).all()
        return [(a.name, a.time_zone, [x.address for x in a.addresses]) for a in rows]


def prove(talk: Conversation, address: str) -> Mail:
    """The new `address` answers the code the judge mailed it (an empty reply)."""
    return send_to(talk, reply_address(only(talk.mails_to(address), VERIFY_SUBJECT)), address)
