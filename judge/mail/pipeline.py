"""Inbound mail: store it first, then run its commands in one transaction with the reply.

`receive` only stores (the SMTP and IMAP receivers call it); `process_message` reads a
stored message, runs its commands and queues the reply, all or nothing. A message whose
processing raises is retried, then quarantined, never lost and never answered twice.
"""

from __future__ import annotations

import logging

from sqlalchemy.orm import Session

from judge.app import Judge
from judge.commands import run_message
from judge.commands.context import JudgeContext
from judge.commands.orders import handle_orders
from judge.commands.reply import ERROR_MARKER
from judge.mail.inbound import Inbound, read_message
from judge.store import repo
from judge.store.models import InboxMessage, InboxState

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 3


def receive(judge: Judge, raw: bytes) -> tuple[int, bool]:
    """Store a raw message: (its inbox id, whether it is new rather than a redelivery)."""
    message_id = read_message(raw).message_id
    with judge.db.unit_of_work() as session:
        row, new = repo.store_inbox(session, raw, message_id=message_id,
                                    received_at=judge.clock.now())
        return row.id, new


def process_pending(judge: Judge) -> list[int]:
    """Process every stored message still new, oldest first; the ids processed."""
    with judge.db.unit_of_work() as session:
        ids = [row.id for row in repo.new_inbox_messages(session, limit=1000)]
    for inbox_id in ids:
        process_message(judge, inbox_id)
    return ids


def process_message(judge: Judge, inbox_id: int) -> None:
    try:
        with judge.db.unit_of_work() as session:
            row = session.get(InboxMessage, inbox_id, with_for_update=True)
            if row is not None and row.state == InboxState.NEW:
                _handle(judge, session, row)
    except Exception as exc:
        log.exception("message %s failed", inbox_id)
        _record_failure(judge, inbox_id, exc)


def _handle(judge: Judge, session: Session, row: InboxMessage) -> None:
    message = read_message(row.raw)
    skip = _skip_reason(judge, message)
    if skip is not None:
        row.state, row.error = InboxState.DROPPED, skip
        return
    ctx = JudgeContext(registry=judge.registry, session=session, clock=judge.clock,
                       postman=judge.postman, sender=message.sender, inbox=row,
                       account=repo.account_by_address(session, message.sender))
    reply = run_message(message.body, ctx, handle_orders)
    for step in ctx.after:
        step(ctx, reply)
    if message.truncated:
        reply.note("Note", "Your message was very long; only its first part was read.")
    subject = reply.subject(_re(message.subject))
    judge.postman.send(session, to=[message.reply_to], subject=subject,
                       body=reply.render(), reply_to=row)
    row.state = InboxState.DONE


def _skip_reason(judge: Judge, message: Inbound) -> str | None:
    """Why a message gets no reply at all: answering it could start a mail loop."""
    if message.automatic:
        return f"automatic message: {message.automatic_reason}"
    if not message.reply_to:
        return message.problem or "no sender address"
    if message.reply_to == judge.settings.judge_address.lower():
        return "sent by the judge itself"
    return None


def _re(subject: str) -> str:
    # A reply to our own marked reply must not grow "Re: [errors] Re: ...".
    subject = " ".join(subject.replace(ERROR_MARKER, " ").split()) or "your message"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def _record_failure(judge: Judge, inbox_id: int, exc: Exception) -> None:
    with judge.db.unit_of_work() as session:
        row = session.get(InboxMessage, inbox_id)
        if row is None:
            return
        row.attempts += 1
        row.error = f"{type(exc).__name__}: {exc}"
        if row.attempts >= MAX_ATTEMPTS:
            row.state = InboxState.QUARANTINED
