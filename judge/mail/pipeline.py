"""Inbound mail: store it first, then run its commands in one transaction with the reply.

`receive` only stores (the SMTP and IMAP receivers call it); `process_message` reads a
stored message, runs its commands and queues the reply, all or nothing. A message whose
processing raises is retried, then quarantined, never lost and never answered twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from sqlalchemy.orm import Session

from judge import faults
from judge.app import Judge
from judge.commands import run_message, split_message
from judge.commands.context import JudgeContext
from judge.commands.orders import handle_orders
from judge.commands.reply import ERROR_MARKER, Reply
from judge.mail import envelope, identity, limits
from judge.mail.emg import emg_kind, read_emg
from judge.mail.emg_run import run_emg
from judge.mail.inbound import Inbound, read_envelope, read_message
from judge.mail.tokens import is_own_address
from judge.store import repo
from judge.store.db import is_transient
from judge.store.models import InboxMessage, InboxState, Seat

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 3


def receive(judge: Judge, raw: bytes) -> tuple[int, bool]:
    """Store a raw message: (its inbox id, whether it is new rather than a redelivery)."""
    message = read_envelope(raw)
    with judge.db.unit_of_work() as session:
        row, new = repo.store_inbox(session, raw, message_id=message.message_id,
                                    received_at=judge.clock.now(), sender=message.sender)
        inbox_id = row.id
        faults.point("inbox-before-commit")
    faults.point("inbox-after-commit")
    return inbox_id, new


def process_pending(judge: Judge, after_each: Callable[[], None] = lambda: None) -> list[int]:
    """Process every stored message still new, oldest first; the ids processed.

    `after_each` runs after each message (the daemon wakes its sender there, so replies
    leave while the rest of a backlog is processed)."""
    with judge.db.unit_of_work() as session:
        ids = [row.id for row in repo.new_inbox_messages(session, limit=1000)]
    for inbox_id in ids:
        process_message(judge, inbox_id)
        after_each()
    return ids


def process_message(judge: Judge, inbox_id: int) -> None:
    try:
        with judge.db.unit_of_work() as session:
            row = repo.lock_inbox_message(session, inbox_id)
            if row is not None and row.state == InboxState.NEW:
                _handle(judge, session, row)
                faults.point("process-before-commit")
    except Exception as exc:
        if is_transient(exc):
            # The message is still NEW: it is taken again, and a busy database is not
            # its fault, so this try does not count towards quarantine.
            log.warning("message %s: the database was busy (%s); it will be tried again",
                        inbox_id, exc.__class__.__name__)
            raise
        log.exception("message %s failed", inbox_id)
        _record_failure(judge, inbox_id, exc)


def _handle(judge: Judge, session: Session, row: InboxMessage) -> None:
    message = read_message(row.raw)
    skip = _skip_reason(judge, message, row.raw)
    if skip is None:
        refusal = limits.check_message(judge.settings, session, row)
        skip = refusal.dropped if refusal is not None else None
    if skip is not None:
        log.info("message %s dropped: %s", row.id, skip)
        row.state, row.error = InboxState.DROPPED, skip
        return
    ctx = JudgeContext(registry=judge.registry, session=session, clock=judge.clock,
                       postman=judge.postman, sender=message.sender, inbox=row,
                       account=repo.account_by_address(session, message.sender))
    reply = _refused(refusal.reply) if refusal is not None and refusal.reply else \
        _run(judge, ctx, message, row.raw)
    subject = reply.subject(_re(message.subject))
    # The reply goes to From, never to a Reply-To: a forged From then gets its answer at
    # the forged address, and whoever forged it learns nothing.
    judge.postman.send(session, to=[message.sender], subject=subject,
                       body=reply.render(), reply_to=row, seat=ctx.seat)
    identity.tell_owners(ctx, message.subject)
    row.state = InboxState.DONE
    log.info("message %s from %s: %s", row.id, message.sender, reply.summary())


def _run(judge: Judge, ctx: JudgeContext, message: Inbound, raw: bytes) -> Reply:
    found = identity.token_seat(ctx, raw, judge.settings.judge_address)
    token_seat = found if isinstance(found, Seat) else None
    kind = emg_kind(message.subject)
    if kind is not None:
        reply = run_emg(ctx, read_emg(kind, message.body), token_seat)
    else:
        reply = _run_commands(judge, ctx, message, token_seat)
    for step in ctx.after:
        step(ctx, reply)
    if isinstance(found, str):
        reply.note("Reply address", found)
    if message.truncated:
        reply.note("Note", "Your message was very long; only its first part was read.")
    if message.problem:
        reply.note("Note", f"Part of your message could not be read ({message.problem}); "
                           "send your commands as plain text.")
    return reply


def _run_commands(judge: Judge, ctx: JudgeContext, message: Inbound,
                  token_seat: Seat | None) -> Reply:
    too_many = limits.too_many_commands(
        judge.settings, len(split_message(message.body, judge.registry)))
    if too_many is not None:
        return _refused(too_many)
    if token_seat is not None:
        ctx.seat = token_seat
        ctx.signed_on.append(token_seat)
    return run_message(message.body, ctx, handle_orders)


def _refused(text: str) -> Reply:
    reply = Reply()
    reply.note("Not processed", text)
    return reply


def _skip_reason(judge: Judge, message: Inbound, raw: bytes) -> str | None:
    """Why a message gets no reply at all: answering it could start a mail loop."""
    if message.automatic:
        return f"automatic message: {message.automatic_reason}"
    if not message.sender:
        return message.problem or "no sender address"
    own = judge.settings.judge_address.lower()
    if is_own_address(message.sender, own):
        return "sent by the judge itself"
    if own in envelope.loop_markers(raw):
        return f"X-Loop: {own} (this judge's own mail came back)"
    return None


def _re(subject: str) -> str:
    # A reply to our own marked reply must not grow "Re: [errors] Re: ...".
    subject = " ".join(subject.replace(ERROR_MARKER, " ").split()) or "your message"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def _record_failure(judge: Judge, inbox_id: int, exc: Exception) -> None:
    with judge.db.unit_of_work() as session:
        row = repo.inbox_message(session, inbox_id)
        if row is None:
            return
        row.attempts += 1
        row.error = f"{type(exc).__name__}: {exc}"
        if row.attempts >= MAX_ATTEMPTS:
            row.state = InboxState.QUARANTINED
            log.error("message %s quarantined after %s attempts: %s", inbox_id,
                      row.attempts, row.error)
            _tell_operator(judge, session, row)


def _tell_operator(judge: Judge, session: Session, row: InboxMessage) -> None:
    operator = judge.settings.operator_address
    if not operator:
        return
    judge.postman.send(session, to=[operator],
                       subject=f"judge: message {row.id} quarantined",
                       body=(f"Message {row.id} from {row.sender or 'an unknown sender'} "
                             f"(Message-ID {row.message_id or 'none'}) failed "
                             f"{row.attempts} times and is set aside; the queue goes on.\n\n"
                             f"Last error: {row.error}\n\nIts raw bytes stay in the inbox "
                             f"table (id {row.id}, state quarantined). Once the cause is "
                             "fixed, set its state back to 'new' and it is processed again.\n"))
