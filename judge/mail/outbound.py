"""Composing an outbound message: a reply or a report, as RFC 5322 bytes ready for SMTP.

    raw = compose(sender="judge@example.org", to=[inbound.reply_to], subject="Re: orders",
                  body=text, domain="example.org", in_reply_to=inbound.message_id,
                  references=inbound.references)
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from email.utils import format_datetime, make_msgid

from judge.mail.inbound import message_ids
from judge.mail.plaintext import CONTROL

# RFC 5322 §2.1.1: a line is at most 998 octets before its CRLF.
MAX_LINE_OCTETS = 998


def compose(
    *,
    sender: str,
    to: Sequence[str],
    subject: str,
    body: str,
    domain: str,
    in_reply_to: str | None = None,
    references: Sequence[str] = (),
    auto_submitted: str = "auto-replied",
    date: datetime | None = None,
    message_id: str | None = None,
    reply_to: str | None = None,
    loop_marker: str | None = None,
) -> bytes:
    """An RFC 5322 text/plain UTF-8 message with CRLF line ends, every line < 998 octets.

    `auto_submitted` is RFC 3834's "auto-replied" for an answer to a message, or
    "auto-generated" for a report nobody asked for in that message. Raises ValueError
    on no recipients or an address or id the email package refuses. `reply_to` is where
    answers go (a seat's token address); `loop_marker` goes into X-Loop, which the judge
    drops on sight when it comes back.
    """
    if not to:
        raise ValueError("compose: no recipients")
    # policy.SMTP: CRLF line ends (RFC 5321 §2.3.8), headers folded at 78 characters and
    # non-ASCII header text written as RFC 2047 encoded-words.
    msg = EmailMessage(policy=policy.SMTP)
    msg["From"] = sender
    msg["To"] = ", ".join(to)
    # A header may not hold a line break; collapsing whitespace also stops a subject copied
    # from inbound mail from smuggling in headers of its own.
    if reply_to:
        msg["Reply-To"] = reply_to
    msg["Subject"] = " ".join(CONTROL.sub(" ", subject).split())
    msg["Date"] = format_datetime(date or datetime.now(UTC))  # RFC 5322 §3.3
    msg["Message-ID"] = _bracketed(message_id) if message_id else make_msgid(domain=domain)
    thread = _thread(in_reply_to, references)
    if in_reply_to:
        msg["In-Reply-To"] = _bracketed(in_reply_to)
    if thread:
        msg["References"] = " ".join(thread)
    # RFC 3834 §5: marks the message automatic, so well-behaved responders never answer it.
    msg["Auto-Submitted"] = auto_submitted
    if loop_marker:
        msg["X-Loop"] = loop_marker
    msg.set_content(body, charset="utf-8", cte=_transfer_encoding(body))
    return msg.as_bytes()


def message_id_of(raw: bytes) -> str | None:
    """The Message-ID of raw message bytes, in angle brackets, or None; never raises."""
    try:
        headers = BytesHeaderParser(policy=policy.default).parsebytes(raw)
        return next(iter(message_ids(str(headers.get("Message-ID", "")))), None)
    except Exception:  # a malformed header is "no id", not a crash
        return None


def _thread(in_reply_to: str | None, references: Sequence[str]) -> list[str]:
    # RFC 5322 §3.6.4: a reply's References are the parent's References followed by the
    # parent's Message-ID (our In-Reply-To).
    thread = [_bracketed(ref) for ref in references]
    if in_reply_to and _bracketed(in_reply_to) not in thread:
        thread.append(_bracketed(in_reply_to))
    return list(dict.fromkeys(thread))


def _bracketed(msg_id: str) -> str:
    msg_id = msg_id.strip()
    return msg_id if msg_id.startswith("<") and msg_id.endswith(">") else f"<{msg_id}>"


def _transfer_encoding(body: str) -> str:
    # 7bit when the text allows it; otherwise quoted-printable, which keeps lines short and
    # needs no 8BITMIME (RFC 6152) from any relay on the way, yet stays readable as source.
    lines = body.splitlines()
    fits = all(len(line) <= MAX_LINE_OCTETS for line in lines)
    return "7bit" if body.isascii() and fits else "quoted-printable"
