"""Reading an inbound message: who sent it, what it asks, and whether we may answer it.

    inbound = read_message(raw)
    if inbound.automatic: never answer it (RFC 3834 §2: no replies to automatic mail)
    inbound.body: the command text, without quoted lines or signature

read_message never raises: whatever arrives from the internet, a broken message comes back
as an Inbound whose `problem` says what is wrong.
"""

from __future__ import annotations

import codecs
import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from email import policy
from email.message import Message
from email.parser import BytesParser
from email.utils import collapse_rfc2231_value, parseaddr

from judge.mail.html import html_to_text
from judge.mail.plaintext import CONTROL, clean

# The command text we keep; a real order list is a few KiB, anything beyond is noise or abuse.
MAX_BODY_BYTES = 64 * 1024

# RFC 5322 §2.1.1: no line, so no msg-id, is longer than 998 octets (nor is the inbox's
# message_id column wider).
MAX_ID_LENGTH = 998
# The parser recurses once per nested multipart, and a thousand levels exhaust Python's
# stack after a second or more of work. Real mail has a handful; past this many the body
# is not read at all (counting Content-Type lines is cheap and needs no parse).
MAX_MULTIPARTS = 256
_MULTIPART = re.compile(rb"^content-type:[ \t]*multipart/", re.IGNORECASE | re.MULTILINE)
# Guessing the boundary of a broken multipart reparses its body; a few guesses suffice for
# real mail, and a cap keeps a nest of broken parts from costing quadratic time.
MAX_BOUNDARY_GUESSES = 8

_MSG_ID = re.compile(r"<([^<>\s]+)>")
# RFC 2046 §5.1.1: a boundary line is "--" and 1-70 bchars (less the space) on its own.
_BOUNDARY_LINE = re.compile(rb"^--([0-9A-Za-z'()+_,./:=?-]{1,70})[ \t]*\r?$", re.MULTILINE)
# A base64 body never holds a space between two characters on a line; text always does.
_TEXT_LINE = re.compile(r"\S[ \t]+\S")


@dataclass(frozen=True, slots=True)
class Inbound:
    """One message as the judge sees it; addresses are bare addr-specs, lower-cased."""

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


def read_message(raw: bytes) -> Inbound:
    """Parse raw RFC 5322 bytes; never raises, a broken message says why in `problem`."""
    if len(_MULTIPART.findall(raw)) > MAX_MULTIPARTS:
        return _read_headers(raw, "too many multiparts")
    try:
        return _read(BytesParser(policy=policy.default).parsebytes(raw))
    except Exception as exc:  # hostile input must not stop the pipeline: report it instead
        return _read_headers(raw, type(exc).__name__)


def read_envelope(raw: bytes) -> Inbound:
    """The header facts only (sender, Message-ID...), without reading the body: what the
    receivers need to store a message, at a fraction of read_message's cost."""
    try:
        return _read(BytesParser(policy=policy.default).parsebytes(raw, headersonly=True),
                     with_body=False)
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


def message_ids(text: str) -> tuple[str, ...]:
    """The msg-ids (RFC 5322 §3.6.4) in a header value, in order, each in angle brackets."""
    found = _MSG_ID.findall(text)
    if not found:  # some clients send bare ids; take any word that looks like one
        found = [word.strip("<>") for word in re.split(r"[\s,]+", text) if "@" in word]
    ids = (f"<{found_id}>" for found_id in found if found_id)
    return tuple(dict.fromkeys(i for i in ids if len(i) <= MAX_ID_LENGTH))


def _read(msg: Message, *, with_body: bool = True) -> Inbound:
    from_addr = _address(msg, "From")
    # Without a domain it is no address we could answer (RFC 5322 §3.4.1).
    sender = from_addr if "@" in from_addr else ""
    reply_to = _address(msg, "Reply-To")
    problems = [] if sender else ["no From address"]
    body, truncated = "", False
    part = _body_part(msg) if with_body else None
    if part is not None:
        body, truncated = _cap(_part_text(part))
    elif with_body:
        problems.append("no readable text part")
    reason = _automatic_reason(msg, from_addr)
    return Inbound(
        sender=sender,
        reply_to=reply_to if "@" in reply_to else sender,
        subject=" ".join(_header(msg, "Subject").split()),
        message_id=next(iter(message_ids(_header(msg, "Message-ID"))), None),
        references=_references(msg),
        body=body,
        automatic=reason is not None,
        automatic_reason=reason,
        problem="; ".join(problems) or None,
        truncated=truncated,
    )


# --- headers ---------------------------------------------------------------------------


def _header(msg: Message, name: str) -> str:
    """A header's decoded text without control characters, '' if absent.

    Undeclared 8-bit text (raw UTF-8 per RFC 6532, or a legacy charset) is decoded here:
    the policy would make U+FFFD of what is not UTF-8. So is a header it cannot parse.
    """
    raw = next((v for k, v in msg.raw_items() if k.lower() == name.lower()), None)
    if raw is None:
        return ""
    value: object = raw
    if raw.isascii():
        # The lazily built structured header can choke on hostile input: keep it raw then.
        with contextlib.suppress(Exception):
            value = msg.get(name)
    return CONTROL.sub("", _unsurrogate(str(value)))


def _unsurrogate(text: str) -> str:
    # Undeclared 8-bit header bytes (raw UTF-8 per RFC 6532, or worse) can survive parsing
    # as surrogate escapes; decode them so nothing downstream meets a lone surrogate.
    try:
        return _decode_bytes(text.encode("utf-8", "surrogateescape"), None)
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")


def _address(msg: Message, name: str) -> str:
    """The first addr-spec in an address header, lower-cased; '' if there is none."""
    try:
        specs = [address.addr_spec for address in getattr(msg.get(name), "addresses", ())]
    except Exception:  # the strict RFC 5322 parser failed: try the lenient one
        specs = [parseaddr(_header(msg, name))[1]]
    # Lower-cased although RFC 5321 §2.4 lets local parts be case-sensitive: players and
    # their clients are not consistent, and no real mailbox relies on the difference.
    # "<>" is how the parser spells an empty address, the null sender of RFC 5321 §4.5.5.
    return next((str(spec).lower() for spec in specs if spec and spec != "<>"), "")


def _references(msg: Message) -> tuple[str, ...]:
    # RFC 5322 §3.6.4: References lists the thread and In-Reply-To the parent; some clients
    # send only In-Reply-To, so its ids join the end when missing from References.
    ids = message_ids(_header(msg, "References"))
    return ids + tuple(i for i in message_ids(_header(msg, "In-Reply-To")) if i not in ids)


def _automatic_reason(msg: Message, from_addr: str) -> str | None:
    """Why the message is automatic (a reply would loop or spam a list), or None."""
    auto = _header(msg, "Auto-Submitted").split(";")[0].strip().lower()
    if auto and auto != "no":  # RFC 3834 §5: any value but "no" is automatic
        return f"Auto-Submitted: {auto}"
    if "".join(_header(msg, "Return-Path").split()) == "<>":  # RFC 5321 §4.5.5: bounces
        return "null Return-Path"
    if msg.get_content_type() == "multipart/report":  # RFC 6522: delivery/read reports
        return "multipart/report"
    local = from_addr.partition("@")[0]
    if local in ("mailer-daemon", "postmaster"):  # RFC 3834 §2, RFC 5321 §4.5.1
        return f"From {local}"
    precedence = _header(msg, "Precedence").strip().lower()
    if precedence in ("bulk", "junk", "list"):  # de facto (RFC 3834 §2 mentions it)
        return f"Precedence: {precedence}"
    for name in ("List-Id", "X-Autoreply", "X-Autorespond"):  # RFC 2919; vendor auto-replies
        if name in msg:
            return f"{name} header"
    return None


# --- body --------------------------------------------------------------------------------


def _body_part(msg: Message) -> Message | None:
    """The part holding the commands: the first text/plain, else the first text/html."""
    leaves = [part for part in _leaves(msg) if part.get_content_disposition() != "attachment"]
    for wanted in ("text/plain", "text/html"):
        for part in leaves:
            if part.get_content_type() == wanted:
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
    guessed = BytesParser(policy=policy.default).parsebytes(head + body)
    return guessed if guessed.is_multipart() else None


def _part_text(part: Message) -> str:
    text = _decode_bytes(_payload(part), part.get_content_charset())
    if part.get_content_subtype() == "html":
        return clean(html_to_text(text))
    # RFC 3676: format=flowed wraps long lines with a trailing space; put them back together.
    flowed = _param(part, "format") == "flowed"
    return clean(text, flowed=flowed, delsp=flowed and _param(part, "delsp") == "yes")


def _payload(part: Message) -> bytes:
    raw = part.get_payload()
    if isinstance(raw, str) and _header(part, "Content-Transfer-Encoding").strip().lower() \
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


def _decode_bytes(data: bytes, declared: str | None) -> str:
    # The declared charset first; then UTF-8, since many clients label UTF-8 wrongly or not
    # at all (RFC 2045 §5.2 would assume US-ASCII); then windows-1252, what "latin-1" mail
    # usually is; latin-1 last, as it decodes any bytes at all.
    for charset in (_codec(declared), "utf-8", "cp1252"):
        if charset:
            try:
                return data.decode(charset)
            except (LookupError, ValueError):  # unknown charset, or one that lied
                continue
    return data.decode("latin-1", "replace")


def _codec(declared: str | None) -> str | None:
    try:
        name = codecs.lookup(declared).name if declared else None
    except (LookupError, ValueError, TypeError):
        return None
    # WHATWG Encoding: text labelled ISO-8859-1 is windows-1252 in practice; the two differ
    # only in 0x80-0x9F, unused C1 controls in ISO-8859-1, curly quotes and dashes in 1252.
    return "cp1252" if name == "iso8859-1" else name


def _cap(text: str) -> tuple[str, bool]:
    data = text.encode("utf-8")
    if len(data) <= MAX_BODY_BYTES:
        return text, False
    head = data[:MAX_BODY_BYTES].decode("utf-8", "ignore")  # "ignore": a split last character
    cut = head.rfind("\n")  # end at a line break, so no command is left half-written
    return (head[:cut] if cut > 0 else head), True
