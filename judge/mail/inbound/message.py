"""Reading an inbound message: who sent it, what it asks, and whether we may answer it.

    inbound = read_message(raw)
    if inbound.automatic: never answer it (RFC 3834 §2: no replies to automatic mail)
    inbound.body: the command text, without quoted lines or signature

read_message never raises: whatever arrives from the internet, a broken message comes back
as an Inbound whose `problem` says what is wrong.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from email.message import Message

from judge.mail.fields import message_ids
from judge.mail.header_block import header_block
from judge.mail.inbound.automatic import automatic_reason
from judge.mail.inbound.body import MAX_BODY_BYTES as MAX_BODY_BYTES
from judge.mail.inbound.body import Body, read_body
from judge.mail.inbound.envelope import Headers

log = logging.getLogger(__name__)
# What the sender is told when reading the body failed in a way no bound foresaw (a bug):
# in words, never the exception's name; the operator finds the traceback in the log.
UNREADABLE_BODY = "its body could not be read"


@dataclass(frozen=True, slots=True)
class Inbound:
    """One message as the judge sees it, read once; addresses are bare addr-specs,
    lower-cased. `recipients` (To, Cc and the delivery headers) and `loop_markers` (X-Loop)
    say whom it was for and which systems have handled it already."""

    sender: str = ""
    reply_to: str = ""
    subject: str = ""
    message_id: str | None = None
    references: tuple[str, ...] = ()
    body: str = ""
    automatic: bool = False
    automatic_reason: str | None = None
    problem: str | None = None
    truncated: bool = False
    recipients: tuple[str, ...] = ()
    loop_markers: tuple[str, ...] = ()
    # Why the From field names no address to answer, quoting it; None if it does, or if
    # there is no From at all (the SMTP receiver refuses the first kind: addresses.py).
    sender_problem: str | None = None


def read_message(raw: bytes) -> Inbound:
    """Parse raw RFC 5322 bytes; never raises, a broken message says why in `problem`.
    The headers are parsed once; the body is read in bounded time (judge/mail/inbound/body.py)."""
    try:
        headers = header_block(raw)
    except Exception as exc:  # as read_envelope: no header block, nobody to answer
        return Inbound(problem=f"unreadable message ({type(exc).__name__})")
    try:
        body = read_body(raw, headers)
    except Exception:  # hostile input must not stop the pipeline: report it instead
        log.exception("the body of a message from %s could not be read",
                      Headers(headers).address("From") or "an unknown sender")
        body = Body(problem=UNREADABLE_BODY)
    try:
        return _read(headers, body)
    except Exception:  # as the body: logged for the operator, never a Python name to a player
        log.exception("the header fields of a message could not be read")
        return Inbound(problem="unreadable message (its header fields could not be read)")


def read_envelope(raw: bytes) -> Inbound:
    """The header facts only (sender, Message-ID...), without reading the body: what the
    receivers need to store a message, at a fraction of read_message's cost."""
    try:
        return _read(header_block(raw))
    except Exception as exc:  # never raises, as read_message
        return Inbound(problem=f"unreadable message ({type(exc).__name__})")


def _read(msg: Message, body: Body | None = None) -> Inbound:
    headers = Headers(msg)
    author = headers.mailbox("From")
    sender = author.address
    reply_to = headers.address("Reply-To")
    problems = [] if sender else [_no_sender(author.problem)]
    if body is not None and body.problem:
        problems.append(body.problem)
    subject = " ".join(headers.text("Subject").split())
    reason = automatic_reason(msg, headers, subject)
    return Inbound(
        sender=sender,
        reply_to=reply_to or sender,
        subject=subject,
        message_id=next(iter(message_ids(headers.text("Message-ID"))), None),
        references=headers.references(),
        body=body.text if body is not None else "",
        automatic=reason is not None,
        automatic_reason=reason,
        problem="; ".join(problems) or None,
        sender_problem=author.problem,
        truncated=body is not None and body.truncated,
        recipients=headers.recipients(),
        loop_markers=headers.loop_markers(),
    )


def _no_sender(problem: str | None) -> str:
    return f"no From address to answer: {problem}" if problem else "no From address"
