"""How the game layer sends mail: into the outbox, in the caller's transaction.

A protocol, so the game layer does not depend on how messages are composed (judge.mail
implements it); every report and reply is queued in the same unit of work as the change
it reports, so a crash loses both or neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from sqlalchemy.orm import Session

from judge.attachment import Attachment
from judge.store.models import InboxMessage, Seat


class Postman(Protocol):
    def send(self, session: Session, *, to: Sequence[str], subject: str, body: str,
             reply_to: InboxMessage | None = None, seat: Seat | None = None,
             reply_token: str | None = None, press: int | None = None,
             attachments: Sequence[Attachment] = ()) -> None:
        """Queue one message for `to`; `reply_to` makes it a reply to an inbound message.

        `seat`: the seat the message is written to, whose signed reply address (a token)
        it carries, so a plain reply acts for that seat. `reply_token`: a one-time code
        (judge.game.codes) to put in the reply address instead, so a plain reply uses it.
        `press`: the id of the press the message delivers to `seat`; its reply address
        then answers that press instead, so a plain reply goes back as press to its writer.
        `attachments`: files sent after the text (the message is then multipart/mixed).
        """
