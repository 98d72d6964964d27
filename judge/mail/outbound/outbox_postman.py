"""The Postman the game layer sends through: compose an RFC 5322 message, queue it."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from judge.attachment import Attachment
from judge.config import Settings
from judge.game.clock import Clock
from judge.mail import header_block
from judge.mail.outbound.compose import compose
from judge.mail.reply_tokens import press_token_address, sub_address, token_address
from judge.store import repo_mail
from judge.store.models import InboxMessage, Seat


class OutboxPostman:
    def __init__(self, settings: Settings, clock: Clock) -> None:
        self._settings = settings
        self._clock = clock

    def send(self, session: Session, *, to: Sequence[str], subject: str, body: str,
             reply_to: InboxMessage | None = None, seat: Seat | None = None,
             reply_token: str | None = None, press: int | None = None,
             attachments: Sequence[Attachment] = ()) -> None:
        original = reply_to.message_id if reply_to is not None and reply_to.message_id else None
        thread = header_block.thread(reply_to.raw) if original and reply_to else []
        if not thread and seat is not None:
            # Mail about a game that answers no message (reports, notices) names one root
            # for the game, so a threading client files the whole game together.
            thread = [f"<game.{seat.game.name}@{self._settings.domain}>"]
        address = self._settings.judge_address
        raw = compose(
            sender=f"{self._settings.judge_name} <{address}>",
            to=list(to), subject=subject, body=body, domain=self._settings.domain,
            in_reply_to=original, references=thread,
            # RFC 3834: a reply to a person's message is auto-replied, a report is
            # auto-generated; either way, well-behaved responders will not answer it.
            auto_submitted="auto-replied" if reply_to is not None else "auto-generated",
            date=self._clock.now(),
            reply_to=_reply_address(address, seat, reply_token, press),
            loop_marker=address)
        if reply_to is not None and not attachments:  # a reply: one per message answered
            repo_mail.queue_reply(session, raw, sender=address, recipients=list(to),
                                  in_reply_to=reply_to, not_before=self._clock.now())
            return
        repo_mail.enqueue_outbox(session, raw, sender=address,
                                 recipients=list(to), in_reply_to=reply_to,
                                 not_before=self._clock.now(), attachments=attachments,
                                 flush=False)


def _reply_address(address: str, seat: Seat | None, reply_token: str | None,
                   press: int | None) -> str | None:
    """Where a plain reply goes: a one-time code's address, back as press for press a seat
    received, else as the seat."""
    if reply_token is not None:
        return sub_address(address, reply_token)
    if seat is None:
        return None
    return press_token_address(address, press, seat) if press is not None \
        else token_address(address, seat)
