"""Reading an inbound message: who sent it, what it asks, and whether we may answer it.

    inbound = read_message(raw)
    if inbound.automatic: never answer it (RFC 3834 §2: no replies to automatic mail)
    inbound.body: the command text, without quoted lines or signature

read_message never raises: whatever arrives from the internet, a broken message comes back
as an Inbound whose `problem` says what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from email.message import Message
from email.parser import BytesParser
from email.utils import collapse_rfc2231_value

from judge.mail.automatic import automatic_reason
from judge.mail.envelope import READ_POLICY, Headers, decode_bytes, field_text, header_block
from judge.mail.envelope import message_ids as message_ids
from judge.mail.html import html_to_text
from judge.mail.plaintext import clean

# The command text we keep; a real order list is a few KiB, anything beyond is noise or abuse.
MAX_BODY_BYTES = 64 * 1024

# The parser recurses once per nested multipart, and a thousand levels exhaust Python's
# stack after a second or more of work. Real mail has a handful; past this many the body
# is not read at all (counting Content-Type lines is cheap and needs no parse).
MAX_MULTIPARTS = 256
_MULTIPART = re.compile(rb"^content-type:[ \t]*multipart/", re.IGNORECASE | re.MULTILINE)
# Guessing the boundary of a broken multipart reparses its body; a few guesses suffice for
# real mail, and a cap keeps a nest of broken parts from costing quadratic time.
MAX_BOUNDARY_GUESSES = 8

# RFC 2046 §5.1.1: a boundary line is "--" and 1-70 bchars (less the space) on its own.
_BOUNDARY_LINE = re.compile(rb"^--([0-9A-Za-z'()+_,./:=?-]{1,70})[ \t]*\r?$", re.MULTILINE)
# A base64 body never holds a space between two characters on a line; text always does.
_TEXT_LINE = re.compile(r"\S[ \t]+\S")
# compat32 builds no header objects (email.policy.default's cost several ms a message);
# envelope.Headers decodes the few fields the judge reads.
_PARSER = BytesParser(policy=READ_POLICY)


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
    """Parse raw RFC 5322 bytes; never raises, a broken message says why in `problem`."""
    if len(_MULTIPART.findall(raw)) > MAX_MULTIPARTS:
        return _read_headers(raw, "too many multiparts")
    try:
        return _read(_PARSER.parsebytes(raw))
    except Exception as exc:  # hostile input must not stop the pipeline: report it instead
        return _read_headers(raw, type(exc).__name__)


def read_envelope(raw: bytes) -> Inbound:
    """The header facts only (sender, Message-ID...), without reading the body: what the
    receivers need to store a message, at a fraction of read_message's cost."""
    try:
        return _read(header_block(raw), with_body=False)
    except Exception as exc:  # never raises, as read_message
        return Inbound(problem=f"unreadable message ({type(exc).__name__})")


def _read_headers(raw: bytes, error: str) -> Inbound:
    """The header block alone, when the body defeated the parser (a RecursionError from a
    thousand nested multiparts): it still says who sent the message, to answer them."""
    inbound = read_envelope(raw)
    if not inbound.sender and inbound.problem and inbound.problem.startswith("unreadable"):
        return Inbound(problem=f"unreadable message ({error})")
    problem = f"unreadable message body ({error})"
    return replace(inbound, problem="; ".join(filter(None, (inbound.problem, problem))))


def _read(msg: Message, *, with_body: bool = True) -> Inbound:
    headers = Headers(msg)
    author = headers.mailbox("From")
    sender = author.address
    reply_to = headers.address("Reply-To")
    problems = [] if sender else [_no_sender(author.problem)]
    body, truncated = "", False
    part = _body_part(msg) if with_body else None
    if part is not None:
        body, truncated = _cap(_part_text(part))
    elif with_body:
        problems.append("no readable text part")
    subject = " ".join(headers.text("Subject").split())
    reason = automatic_reason(msg, headers, subject)
    return Inbound(
        sender=sender,
        reply_to=reply_to or sender,
        subject=subject,
        message_id=next(iter(message_ids(headers.text("Message-ID"))), None),
        references=headers.references(),
        body=body,
        automatic=reason is not None,
        automatic_reason=reason,
        problem="; ".join(problems) or None,
        sender_problem=author.problem,
        truncated=truncated,
        recipients=headers.recipients(),
        loop_markers=headers.loop_markers(),
    )


def _no_sender(problem: str | None) -> str:
    return f"no From address to answer: {problem}" if problem else "no From address"


# --- body --------------------------------------------------------------------------------


def _body_part(msg: Message) -> Message | None:
    """The part holding the commands: the first text/plain, else the first text/html."""
    leaves = [(part.get_content_type(), part) for part in _leaves(msg)
              if part.get_content_disposition() != "attachment"]
    for wanted in ("text/plain", "text/html"):
        for content_type, part in leaves:
            if content_type == wanted:
                return part
    return None


def _leaves(msg: Message) -> Iterator[Message]:
    """The parts that hold content, in order; a stack, not recursion: nesting is unbounded."""
    stack, guesses = [msg], MAX_BOUNDARY_GUESSES
    while stack:
        part = stack.pop()
        if part.is_multipart():
            # An attached message (message/rfc822, a forward, a bounced original) is
            # someone else's text, not this sender's commands: do not look inside.
            if part.get_content_maintype() != "message":
                payload = part.get_payload()
                subs = payload if isinstance(payload, list) else []
                stack.extend(sub for sub in reversed(subs) if isinstance(sub, Message))
            continue
        guessed = _guess_parts(part) if guesses else None
        if guessed is None:
            yield part
        else:
            guesses -= 1
            stack.append(guessed)


def _guess_parts(part: Message) -> Message | None:
    """A multipart the parser could not split (its boundary is missing or not the one its
    body uses), split at the first boundary line of its body; None for any other part."""
    if part.get_content_maintype() != "multipart":
        return None
    body = _payload(part)
    found = _BOUNDARY_LINE.search(body)
    if found is None:
        return None
    # "mixed" whatever the subtype said: which part is read does not depend on it.
    head = b'Content-Type: multipart/mixed; boundary="%s"\r\n\r\n' % found[1]
    guessed = _PARSER.parsebytes(head + body)
    return guessed if guessed.is_multipart() else None


def _part_text(part: Message) -> str:
    text = decode_bytes(_payload(part), part.get_content_charset())
    if part.get_content_subtype() == "html":
        return clean(html_to_text(text))
    # RFC 3676: format=flowed wraps long lines with a trailing space; put them back together.
    flowed = _param(part, "format") == "flowed"
    return clean(text, flowed=flowed, delsp=flowed and _param(part, "delsp") == "yes")


def _payload(part: Message) -> bytes:
    raw = part.get_payload()
    if isinstance(raw, str) and _field(part, "Content-Transfer-Encoding").strip().lower() \
            == "base64" and _TEXT_LINE.search(raw):
        # Labelled base64 but written as text: decoding would turn the commands into noise.
        return raw.encode("utf-8", "surrogateescape")
    payload = part.get_payload(decode=True)  # undoes base64 and quoted-printable (RFC 2045)
    return payload if isinstance(payload, bytes) else b""


def _param(part: Message, name: str) -> str:
    value = part.get_param(name)
    if isinstance(value, tuple):  # an RFC 2231 encoded parameter
        value = collapse_rfc2231_value(value)
    return str(value or "").strip().lower()


def _field(part: Message, name: str) -> str:
    raw = next((v for k, v in part.raw_items() if k.lower() == name.lower()), None)
    return field_text(name, raw)


def _cap(text: str) -> tuple[str, bool]:
    data = text.encode("utf-8")
    if len(data) <= MAX_BODY_BYTES:
        return text, False
    head = data[:MAX_BODY_BYTES].decode("utf-8", "ignore")  # "ignore": a split last character
    cut = head.rfind("\n")  # end at a line break, so no command is left half-written
    return (head[:cut] if cut > 0 else head), True
