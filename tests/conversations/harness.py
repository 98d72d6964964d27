"""Conversation tests: raw RFC 822 messages in through the pipeline, mail out of the outbox.

    talk = Conversation(database, clock)
    reply = talk.send("alice@example.org", "HELP")
    assert "REGISTER" in reply.body
    talk.mails_to("bob@example.org")  # everything queued for Bob since the last call
"""

from __future__ import annotations

import email
import email.policy
import itertools
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any

import sqlalchemy as sa

from judge.app import Judge, build_judge
from judge.config import Settings
from judge.game.clock import ManualClock
from judge.mail.inbound.pipeline import process_message, receive
from judge.store.db import Database
from judge.store.models import InboxMessage, InboxState, OutboxMessage

JUDGE = "judge@example.org"
START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)  # a Monday
_ids = itertools.count(1)


@dataclass(frozen=True)
class Mail:
    to: tuple[str, ...]
    subject: str
    body: str
    message: EmailMessage

    def __contains__(self, text: str) -> bool:
        return text in self.body


def raw_message(sender: str, body: str, subject: str = "commands",
                headers: dict[str, str] | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = JUDGE
    msg["Subject"] = subject
    msg["Message-ID"] = f"<test-{next(_ids)}@players.example>"
    msg["Date"] = email.utils.format_datetime(START)
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(body)
    return msg.as_bytes()


def parse_outbox(row: OutboxMessage) -> Mail:
    message = email.message_from_bytes(row.message, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    part = message.get_body(("plain",))
    body = part.get_content() if part is not None else ""
    return Mail(tuple(row.recipients), str(message["Subject"]), body.replace("\r\n", "\n"),
                message)


class Conversation:
    def __init__(self, database: Database, clock: ManualClock | None = None,
                 **settings_values: Any) -> None:
        self.clock = clock or ManualClock(START)
        # Scripts send far more than a person would in an hour of the frozen clock; the
        # limit has its own tests (tests/mail/test_identity_limits.py).
        settings_values.setdefault("messages_per_hour", 100_000)
        settings = Settings(database_url=str(database.url), judge_address=JUDGE,
                            domain="example.org", **settings_values)
        self.judge: Judge = build_judge(settings, self.clock, database)
        self._seen: dict[str, int] = {}

    def send(self, sender: str, body: str, subject: str = "commands",
             headers: dict[str, str] | None = None) -> Mail | None:
        """Deliver one message; the judge's reply to it (None when it must not answer)."""
        return self.deliver(raw_message(sender, body, subject, headers))

    def deliver(self, raw: bytes) -> Mail | None:
        inbox_id, _ = receive(self.judge, raw)
        process_message(self.judge, inbox_id)
        with self.judge.db.unit_of_work() as session:
            rows = session.scalars(sa.select(OutboxMessage)
                                   .where(OutboxMessage.in_reply_to_id == inbox_id)
                                   .order_by(OutboxMessage.id)).all()
            return parse_outbox(rows[-1]) if rows else None

    def last_inbox(self) -> tuple[InboxState, str | None]:
        """The newest inbox row's state and error (why a message was dropped)."""
        with self.judge.db.unit_of_work() as session:
            row = session.scalars(sa.select(InboxMessage).order_by(InboxMessage.id.desc())
                                  .limit(1)).one()
            return row.state, row.error

    def mails_to(self, address: str) -> list[Mail]:
        """Every message queued for `address` since the last call for it, oldest first."""
        last = self._seen.get(address, 0)
        with self.judge.db.unit_of_work() as session:
            rows = session.scalars(sa.select(OutboxMessage).where(OutboxMessage.id > last)
                                   .order_by(OutboxMessage.id)).all()
            mine = [r for r in rows if address in r.recipients]
            if rows:
                self._seen[address] = rows[-1].id
            return [parse_outbox(r) for r in mine]
