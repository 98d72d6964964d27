"""Inbound mail: store it first, then run its commands in one transaction with the reply.

`receive` and `receive_many` only store (the SMTP and IMAP receivers call them);
`process_pending` reads stored messages, runs their commands and queues each reply, all or
nothing per message. A message whose processing raises is retried, then quarantined, never
lost and never answered twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from sqlalchemy.orm import Session

from judge import faults
from judge.commands import run_message, split_message
from judge.commands.context import JudgeContext
from judge.commands.orders import handle_orders
from judge.commands.press import answer_press
from judge.commands.reply import ERROR_MARKER, Reply
from judge.mail import identity, limits
from judge.mail.emg import emg_kind, read_emg
from judge.mail.emg_run import run_emg
from judge.mail.inbound import Inbound, read_envelope, read_message
from judge.mail.parts import JudgeParts
from judge.mail.reply_tokens import is_own_address
from judge.store import repo
from judge.store.errors import describe, is_transient, needs_operator, trouble
from judge.store.models import InboxMessage, InboxState, Press, Seat

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 3
# A log line, format and arguments, written once the transaction it reports committed.
Outcome = tuple[str, tuple[object, ...]]
# Messages processed in one transaction: enough to spread a commit's cost, few enough that
# a batch holds SQLite's write lock for well under its busy timeout.
BATCH = 16


def receive(judge: JudgeParts, raw: bytes) -> tuple[int, bool]:
    """Store a raw message: (its inbox id, whether it is new rather than a redelivery)."""
    return receive_many(judge, [raw])[0]


def receive_many(judge: JudgeParts, raws: Sequence[bytes]) -> list[tuple[int, bool]]:
    """Store raw messages in one transaction (one commit for a poller's whole FETCH):
    (inbox id, new) for each, in order. All are stored or, if this raises, none."""
    stored = []
    with judge.db.unit_of_work() as session:
        for raw in raws:
            message = read_envelope(raw)
            row, new = repo.store_inbox(session, raw, message_id=message.message_id,
                                        received_at=judge.clock.now(), sender=message.sender)
            stored.append((row.id, new))
        faults.point("inbox-before-commit")
    faults.point("inbox-after-commit")
    return stored


def process_pending(judge: JudgeParts, after_each: Callable[[], None] = lambda: None) -> list[int]:
    """Process every stored message still new, oldest first; the ids processed.

    A backlog goes in batches of up to BATCH messages, one transaction each (a commit per
    message cost more than the smaller messages' own work). `after_each` runs after each
    batch (the daemon wakes its sender there, so replies leave while the rest of a backlog
    is processed)."""
    with judge.db.unit_of_work() as session:
        ids = [row.id for row in repo.new_inbox_messages(session, limit=1000)]
    for start in range(0, len(ids), BATCH):
        process_batch(judge, ids[start:start + BATCH])
        after_each()
    return ids


def process_message(judge: JudgeParts, inbox_id: int) -> None:
    process_batch(judge, [inbox_id])


def process_batch(judge: JudgeParts, ids: Sequence[int]) -> None:
    """Each message in a savepoint of one transaction: one that raises is rolled back alone,
    its failure counted after the commit; a busy database rolls back the whole batch, which
    stays new and does not count towards quarantine. What each message came to is logged
    once the commit stands, never for work a failed commit undid. The messages are read
    before that transaction begins: however long a hostile body takes to read, it holds no
    lock that the receivers, the sender or the scheduler wait for."""
    failed: list[tuple[int, Exception]] = []
    outcomes: list[Outcome] = []
    try:
        messages = _read_new(judge, ids)
        with judge.db.unit_of_work() as session:
            for inbox_id in ids:
                failure = _process_one(judge, session, inbox_id, messages.get(inbox_id),
                                       outcomes)
                if failure is not None:
                    failed.append((inbox_id, failure))
            faults.point("process-before-commit")
    except Exception as exc:
        what = trouble(exc)
        if what is not None:
            log.log(logging.ERROR if needs_operator(what) else logging.WARNING,
                    "messages %s not processed: %s (%s); they stay stored and will be tried "
                    "again", ", ".join(map(str, ids)), what, describe(exc))
            raise
        _batch_failed(judge, ids, exc)
        return
    for line, args in outcomes:
        log.info(line, *args)
    for inbox_id, error in failed:
        _record_failure(judge, inbox_id, error)


def _read_new(judge: JudgeParts, ids: Sequence[int]) -> dict[int, Inbound]:
    """The messages among `ids` still new, read from their stored bytes: a short
    transaction fetches the bytes, and the parse runs after it ended."""
    with judge.db.unit_of_work() as session:
        rows = [repo.inbox_message(session, inbox_id) for inbox_id in ids]
        raws = {row.id: row.raw for row in rows if row is not None
                and row.state == InboxState.NEW}
    return {inbox_id: read_message(raw) for inbox_id, raw in raws.items()}


def _batch_failed(judge: JudgeParts, ids: Sequence[int], exc: Exception) -> None:
    """The commit itself failed: each message again alone, so the one at fault is found."""
    if len(ids) > 1:
        for inbox_id in ids:
            process_batch(judge, [inbox_id])
        return
    log.exception("message %s failed", ids[0])
    _record_failure(judge, ids[0], exc)


def _process_one(judge: JudgeParts, session: Session, inbox_id: int,
                 message: Inbound | None, outcomes: list[Outcome]) -> Exception | None:
    """One message in its savepoint; `message` is its bytes read, None if it was not new
    when the batch was read (another worker's since: the lock below tells)."""
    try:
        with session.begin_nested():
            row = repo.lock_inbox_message(session, inbox_id)
            outcome = None
            if row is not None and row.state == InboxState.NEW and message is not None:
                outcome = _handle(judge, session, row, message)
        if outcome is not None:
            outcomes.append(outcome)
    except Exception as exc:
        if is_transient(exc):
            raise
        log.exception("message %s failed", inbox_id)
        return exc
    return None


def _handle(judge: JudgeParts, session: Session, row: InboxMessage, message: Inbound) -> Outcome:
    skip = _skip_reason(judge, message)
    if skip is None:
        refusal = limits.check_message(judge.settings, session, row)
        skip = refusal.dropped if refusal is not None else None
    if skip is not None:
        row.state, row.error = InboxState.DROPPED, skip
        return "message %s dropped: %s", (row.id, skip)
    ctx = JudgeContext(registry=judge.registry, session=session, clock=judge.clock,
                       postman=judge.postman, sender=message.sender, inbox=row,
                       account=repo.account_by_address(session, message.sender),
                       password_guard=identity.password_guard(judge.settings))
    reply = _refused(refusal.reply) if refusal is not None and refusal.reply else \
        _run(judge, ctx, message)
    subject = reply.subject(_re(message.subject))
    # The reply goes to From, never to a Reply-To: a forged From then gets its answer at
    # the forged address, and whoever forged it learns nothing.
    judge.postman.send(session, to=[message.sender], subject=subject,
                       body=reply.render(), reply_to=row, seat=ctx.seat)
    identity.tell_owners(ctx, message.subject)
    row.state = InboxState.DONE
    return "message %s from %s: %s", (row.id, message.sender, reply.summary())


def _run(judge: JudgeParts, ctx: JudgeContext, message: Inbound) -> Reply:
    # A reply to press is press, whatever it says: its text goes back to the writer.
    answered = identity.press_answered(ctx, message.recipients, judge.settings.judge_address)
    found = identity.token_seat(ctx, message.recipients, judge.settings.judge_address) \
        if answered is None else None
    token_seat = found if isinstance(found, Seat) else None
    kind = emg_kind(message.subject)
    if answered is not None:
        reply = _answer_press(ctx, message, answered)
    elif kind is not None:
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


def _answer_press(ctx: JudgeContext, message: Inbound,
                  answered: tuple[Press, Seat] | str) -> Reply:
    if isinstance(answered, str):
        return _refused(answered)  # a stale or forged press address: nothing is sent
    press, seat = answered
    # A press address travels with the press (forwarded, quoted): it proves only "may
    # answer this press", so ctx.seat stays unset and the receipt carries no seat token.
    # The owner is still told when another address used it.
    ctx.signed_on.append(seat)
    return answer_press(ctx, press, seat, message.body,
                        emg_subject=emg_kind(message.subject) is not None)


def _run_commands(judge: JudgeParts, ctx: JudgeContext, message: Inbound,
                  token_seat: Seat | None) -> Reply:
    too_many = limits.too_many_commands(
        judge.settings, len(split_message(message.body, judge.registry)))
    if too_many is not None:
        return _refused(too_many)
    if token_seat is not None:
        ctx.seat = token_seat
        ctx.signed_on.append(token_seat)
    codes = identity.code_invocations(message.recipients, judge.settings.judge_address,
                                      message.body)
    return run_message(message.body, ctx, handle_orders, codes)


def _refused(text: str) -> Reply:
    reply = Reply()
    reply.note("Not processed", text)
    return reply


def _skip_reason(judge: JudgeParts, message: Inbound) -> str | None:
    """Why a message gets no reply at all: answering it could start a mail loop."""
    if message.automatic:
        return f"automatic message: {message.automatic_reason}"
    if not message.sender:
        return message.problem or "no sender address"
    own = judge.settings.judge_address.lower()
    if is_own_address(message.sender, own):
        return "sent by the judge itself"
    marker = next((m for m in message.loop_markers if is_own_address(m, own)), None)
    if marker is not None:
        return f"X-Loop: {marker} (this judge's own mail came back)"
    return None


def _re(subject: str) -> str:
    # A reply to our own marked reply must not grow "Re: [errors] Re: ...".
    subject = " ".join(subject.replace(ERROR_MARKER, " ").split()) or "your message"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def _record_failure(judge: JudgeParts, inbox_id: int, exc: Exception) -> None:
    with judge.db.unit_of_work() as session:
        row = repo.inbox_message(session, inbox_id)
        if row is None:
            return
        row.attempts += 1
        row.error = f"{type(exc).__name__}: {exc}"
        quarantined = row.attempts >= MAX_ATTEMPTS
        if quarantined:
            row.state = InboxState.QUARANTINED
            _tell_operator(judge, session, row)
    if quarantined:  # said once the commit stood, like every outcome
        log.error("message %s quarantined after %s attempts: %s", inbox_id, row.attempts,
                  row.error)


def _tell_operator(judge: JudgeParts, session: Session, row: InboxMessage) -> None:
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
