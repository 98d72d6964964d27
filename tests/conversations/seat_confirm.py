"""JOIN and OBSERVE of a game that hides who plays, confirmed: the code comes in a mail of
its own to the account's address (judge/game/seat_requests.py, mail_seat_code), and
CONFIRM <code> <password> takes the seat with that password (fix 26: never the
request's, which whoever wrote the request chose)."""

from __future__ import annotations

import re

import sqlalchemy as sa

from judge.store.models import OutboxMessage
from tests.conversations.harness import Conversation, Mail, parse_outbox
from tests.secrecy.twin import Twin

CODE = re.compile(r"CONFIRM (c\d+-[a-z2-7]{16})")
SEAT_SUBJECT = "Confirm your seat in "


def code_in(text: str) -> str:
    """The code a text (the code's mail) asks to send back."""
    found = CODE.search(text)
    assert found is not None, text
    return found.group(1)


def seat_mail(talk: Conversation, address: str) -> Mail | None:
    """The newest mail of a seat's code to `address`, if any (mails_to's place is kept)."""
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage).order_by(OutboxMessage.id.desc())).all()
        for row in rows:
            mail = parse_outbox(row)
            if address in row.recipients and mail.subject.startswith(SEAT_SUBJECT):
                return mail
    return None


def seat_code(talk: Conversation, address: str) -> str:
    """The code in the newest seat code mail to `address`."""
    mail = seat_mail(talk, address)
    assert mail is not None, f"no seat code mailed to {address}"
    return code_in(mail.body)


def _rest(line: str) -> str:
    """The password and preferences of a JOIN, OBSERVE or SIGNON ? line."""
    return " ".join(line.split()[2:])


def confirmed(talk: Conversation, sender: str, line: str) -> Mail:
    """`line`, a JOIN or OBSERVE, from `sender`, then its CONFIRM with the line's password
    and preferences; the reply to that."""
    talk.send(sender, line)
    answer = talk.send(sender, f"CONFIRM {seat_code(talk, sender)} {_rest(line)}")
    assert answer is not None
    return answer


def twin_confirmed(twin: Twin, sender: str, line: str) -> tuple[str, str]:
    """`line` from `sender` to both games, then each game's CONFIRM; the replies to those."""
    twin.send(sender, line)
    return twin.send(sender, f"CONFIRM {seat_code(twin.a, sender)} {_rest(line)}",
                     f"CONFIRM {seat_code(twin.b, sender)} {_rest(line)}")
