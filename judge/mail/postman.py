"""The Postman the game layer sends through: compose an RFC 5322 message, queue it."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.game.clock import Clock
from judge.mail.outbound import compose
from judge.store import repo
from judge.store.models import InboxMessage


class OutboxPostman:
    def __init__(self, settings: Settings, clock: Clock) -> None:
        self._settings = settings
        self._clock = clock

    def send(self, session: Session, *, to: Sequence[str], subject: str, body: str,
             reply_to: InboxMessage | None = None) -> None:
        original = reply_to.message_id if reply_to is not None and reply_to.message_id else None
        raw = compose(
            sender=f"{self._settings.judge_name} <{self._settings.judge_address}>",
            to=list(to), subject=subject, body=body, domain=self._settings.domain,
            in_reply_to=original, references=[original] if original else [],
            # RFC 3834: a reply to a person's message is auto-replied, a report is
            # auto-generated; either way, well-behaved responders will not answer it.
            auto_submitted="auto-replied" if reply_to is not None else "auto-generated",
            date=self._clock.now())
        repo.enqueue_outbox(session, raw, sender=self._settings.judge_address,
                            recipients=list(to), in_reply_to=reply_to,
                            not_before=self._clock.now())
