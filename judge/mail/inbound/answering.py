"""What one stored message gets, inside the worker's transaction: nothing at all (automatic
mail, our own mail come back, over a limit), or its commands run (or its press answered,
or its EMG orders) and the reply queued to its From address.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.commands import run_message, split_message
from judge.commands.context import JudgeContext
from judge.commands.orders import handle_orders
from judge.commands.press import answer_press
from judge.commands.reply import ERROR_MARKER, Reply
from judge.mail.inbound import identity, limits
from judge.mail.inbound.body import attached_text
from judge.mail.inbound.emg import emg_kind, read_emg
from judge.mail.inbound.emg_run import run_emg
from judge.mail.inbound.message import Inbound
from judge.mail.inbound.parts import JudgeParts
from judge.mail.reply_tokens import is_own_address
from judge.store import repo_inbox
from judge.store.models import InboxMessage, InboxState, Press, Seat

# A log line, format and arguments, written once the transaction it reports committed.
LogLine = tuple[str, tuple[object, ...]]


def answer(judge: JudgeParts, session: Session, row: InboxMessage, message: Inbound) -> LogLine:
    skip = _skip_reason(judge, message)
    if skip is None:
        refusal = limits.check_message(judge.settings, session, row)
        skip = refusal.dropped if refusal is not None else None
    if skip is not None:
        row.state, row.error = InboxState.DROPPED, skip
        return "message %s dropped: %s", (row.id, skip)
    ctx = JudgeContext(registry=judge.registry, session=session, clock=judge.clock,
                       postman=judge.postman, sender=message.sender, inbox=row,
                       account=identity.sender_account(session, message.sender),
                       password_guard=identity.password_guard(judge.settings),
                       attached=lambda: attached_text(row.raw))
    reply = _refused(refusal.reply) if refusal is not None and refusal.reply else \
        _run(judge, ctx, message)
    subject = reply.subject(_re(message.subject))
    # The reply goes to From, never to a Reply-To: a forged From then gets its answer at
    # the forged address, and whoever forged it learns nothing.
    judge.postman.send(session, to=[message.sender], subject=subject,
                       body=reply.render(), reply_to=row, seat=ctx.seat, attachments=ctx.files)
    identity.tell_owners(ctx, message.subject)
    repo_inbox.set_state(session, row, InboxState.DONE)
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
    items = split_message(message.body, judge.registry)
    too_many = limits.too_many_commands(judge.settings, len(items))
    if too_many is not None:
        return _refused(too_many)
    if token_seat is not None:
        ctx.seat = token_seat
        ctx.signed_on.append(token_seat)
    codes = identity.code_invocations(message.recipients, judge.settings.judge_address,
                                      message.body)
    return run_message(message.body, ctx, handle_orders, codes, items)


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
