"""Composing an outbound message: a reply or a report, as RFC 5322 bytes ready for SMTP.

    raw = compose(sender="judge@example.org", to=[inbound.reply_to], subject="Re: orders",
                  body=text, domain="example.org", in_reply_to=inbound.message_id,
                  references=inbound.references)

The bytes are written here rather than by email.message.EmailMessage: its header registry
parses and re-renders every field, which made composing a reply cost over a millisecond, a
large part of the worker's time per order message (issue #4).
"""

from __future__ import annotations

import binascii
import re
import secrets
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from email.utils import format_datetime, parseaddr

from judge.mail.fields import CONTROL, message_ids

# RFC 5322 §2.1.1: a line is at most 998 octets before its CRLF, and should be at most 78
# characters, the width header fields are folded to.
MAX_LINE_OCTETS = 998
FOLD_AT = 78
# RFC 2047 §2: an encoded-word is at most 75 characters, its "=?utf-8?q?" and "?=" included.
MAX_ENCODED_WORD = 75
_ENCODED_WORD_FRAME = len("=?utf-8?q??=")
# RFC 2047 §5 (3): what Q encoding may leave as it is in a phrase, its strictest context, so
# one encoder serves a Subject and a display name alike; "_" stands for the space (§4.2).
_Q_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!*+-/")
_Q = tuple(chr(octet) if octet in _Q_SAFE else "_" if octet == 0x20 else f"={octet:02X}"
           for octet in range(256))
# RFC 5322 §3.6.4: a msg-id is printable ASCII in angle brackets, none inside, no space.
_MSG_ID = re.compile(r"<[!-;=?-~]+>")
# RFC 5322 §3.2.3: a display name holding one of the specials must be a quoted-string.
_SPECIALS = re.compile(r'[()<>\[\]:;@\\,."]')
# RFC 5322 §2.1: the header section ends at the first empty line; §4.5 (obsolete syntax)
# lets space stand before a field's colon.
_EMPTY_LINE = re.compile(rb"^\r?$", re.MULTILINE)
_MESSAGE_ID_FIELD = re.compile(rb"^message-id[ \t]*:(.*(?:\n[ \t].*)*)",
                               re.IGNORECASE | re.MULTILINE)


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
    """An RFC 5322 text/plain UTF-8 message with CRLF line ends, no line over 998 octets.

    `auto_submitted` is RFC 3834's "auto-replied" for an answer to a message, or
    "auto-generated" for a report nobody asked for in that message. Raises ValueError on no
    recipients, a line break in any header value, or a `message_id` or `domain` that makes
    no msg-id; a thread id that is no msg-id is left out. `reply_to` is where answers go (a
    seat's token address); `loop_marker` goes into X-Loop, which the judge drops on sight
    when it comes back.
    """
    recipients = [address.strip() for address in to if address.strip()]
    if not recipients:
        raise ValueError("compose: no recipients")
    thread = _thread(in_reply_to, references)
    parent = _msg_id(in_reply_to) if in_reply_to else None
    cte = _transfer_encoding(body)
    fields = [
        _field("From", _addresses("From", [sender])),
        _field("To", _addresses("To", recipients)),
        _field("Reply-To", _addresses("Reply-To", [reply_to])) if reply_to else "",
        # A header may not hold a line break; collapsing whitespace also stops a subject
        # copied from inbound mail from smuggling in headers of its own.
        _field("Subject", _text("Subject", " ".join(CONTROL.sub(" ", subject).split()))),
        f"Date: {format_datetime(date or datetime.now(UTC))}\r\n",  # RFC 5322 §3.3
        _field("Message-ID", [_own_id(message_id, domain)]),
        _field("In-Reply-To", [parent]) if parent else "",
        _field("References", thread) if thread else "",
        # RFC 3834 §5: marks the message automatic, so well-behaved responders never answer.
        _field("Auto-Submitted", _text("Auto-Submitted", auto_submitted)),
        _field("X-Loop", _text("X-Loop", loop_marker)) if loop_marker else "",
        'Content-Type: text/plain; charset="utf-8"\r\n',
        f"Content-Transfer-Encoding: {cte}\r\n",
        "MIME-Version: 1.0\r\n\r\n",
    ]
    # UTF-8 only in an address that is not ASCII (RFC 6532), which goes with SMTPUTF8.
    return "".join(fields).encode("utf-8") + _encoded_body(body, cte)


def message_id_of(raw: bytes) -> str | None:
    """The Message-ID of raw message bytes, in angle brackets, or None; never raises."""
    end = _EMPTY_LINE.search(raw)
    field = _MESSAGE_ID_FIELD.search(raw, 0, end.start() if end else len(raw))
    if field is None:
        return None
    return next(iter(message_ids(field[1].decode("ascii", "replace"))), None)


def _thread(in_reply_to: str | None, references: Sequence[str]) -> list[str]:
    # RFC 5322 §3.6.4: a reply's References are the parent's References followed by the
    # parent's Message-ID (our In-Reply-To).
    thread = [_msg_id(ref) for ref in references]
    if in_reply_to:
        thread.append(_msg_id(in_reply_to))
    return list(dict.fromkeys(msg_id for msg_id in thread if msg_id))


def _msg_id(msg_id: str) -> str | None:
    """The id in angle brackets, or None if it is none we can write: RFC 2047 §5 allows no
    encoded-word in a msg-id, and raw UTF-8 (RFC 6532) would need SMTPUTF8 of the relay."""
    msg_id = _bracketed(msg_id)
    _refuse_line_breaks(msg_id)
    # Alone on a folded line, after its leading space, it must still fit in 998 octets.
    fits = len(msg_id) < MAX_LINE_OCTETS
    return msg_id if fits and _MSG_ID.fullmatch(msg_id) else None


def _own_id(message_id: str | None, domain: str) -> str:
    # Not email.utils.make_msgid: its id carries the time to 10 ms, the process id and the
    # state of the shared random generator, a timing channel on when the judge processed
    # what (docs/secrecy.md). 128 random bits are unique (RFC 5322 3.6.4) and tell nothing.
    own = _msg_id(message_id) if message_id else _msg_id(f"<{secrets.token_hex(16)}@{domain}>")
    if own is None:
        raise ValueError(f"compose: no msg-id from {message_id or domain!r}")
    return own


def _bracketed(msg_id: str) -> str:
    msg_id = msg_id.strip()
    return msg_id if msg_id.startswith("<") and msg_id.endswith(">") else f"<{msg_id}>"


def _refuse_line_breaks(value: str) -> None:
    # A CR or LF in a value would end the field, and what follows would be a field of its own.
    if "\r" in value or "\n" in value:
        raise ValueError("Header values may not contain linefeed or carriage return characters")


def _field(name: str, words: Sequence[str]) -> str:
    """The field folded (RFC 5322 §2.2.3) before each word that would take its line past 78
    characters, or even before the first one if it would pass 998 octets."""
    lines: list[str] = []
    line, size, started = f"{name}:", len(name) + 1, False
    for word in words:
        octets = len(word) if word.isascii() else len(word.encode("utf-8"))
        if 1 + octets > MAX_LINE_OCTETS:
            raise ValueError(f"compose: a word of {octets} octets in {name}")
        wanted = size + 1 + octets
        if wanted > FOLD_AT and (started or wanted > MAX_LINE_OCTETS):
            lines.append(line)
            line, size = "", 0
        line, size, started = f"{line} {word}", size + 1 + octets, True
    lines.append(line)
    return "\r\n".join(lines) + "\r\n"


def _width(name: str) -> int:
    # An encoded-word fits on the field's first line after "Name: ", so never forces a fold.
    return min(MAX_ENCODED_WORD, FOLD_AT - len(name) - 2)


def _text(name: str, value: str) -> list[str]:
    """Unstructured text (RFC 5322 §3.2.5) as words: ASCII words as they are, each run of
    others as RFC 2047 encoded-words, the spaces within the run encoded with it (§6.2:
    the space between two encoded-words is dropped in decoding)."""
    _refuse_line_breaks(value)
    width = _width(name)
    words: list[str] = []
    run: list[str] = []
    for word in value.split():
        # A word too long for a folded line, or one a decoder would take for an
        # encoded-word, is encoded too.
        if word.isascii() and len(word) <= width and "=?" not in word:
            if run:
                words += _encoded_words(" ".join(run), width)
                run = []
            words.append(word)
        else:
            run.append(word)
    return words + _encoded_words(" ".join(run), width) if run else words


def _addresses(name: str, addresses: Sequence[str]) -> list[str]:
    words: list[str] = []
    for address in addresses:
        _refuse_line_breaks(address)
        if words:
            words[-1] += ","
        words += address.split() if address.isascii() else _mailbox(name, address)
    return words


def _mailbox(name: str, address: str) -> list[str]:
    """A mailbox that is not ASCII: the display name as encoded-words (RFC 2047 §5 (3)), the
    addr-spec as it is, UTF-8 (RFC 6532 §3.2): encoded, it would be another address, and
    the sender asks the relay for SMTPUTF8 whenever an address is not ASCII."""
    display, spec = parseaddr(address)
    if "@" not in spec:  # nothing parseable as an address: keep the text, encoded
        return _text(name, address)
    if not display:
        return [spec]
    if display.isascii():
        if _SPECIALS.search(display):
            display = '"' + display.replace("\\", "\\\\").replace('"', '\\"') + '"'
        return [*display.split(), f"<{spec}>"]
    return [*_encoded_words(display, _width(name)), f"<{spec}>"]


def _encoded_words(text: str, width: int) -> list[str]:
    """The text as RFC 2047 encoded-words of at most `width` characters each, each holding
    whole characters (§5: a character's octets may not be split between two words)."""
    data = text.encode("utf-8", "replace")
    q_length = sum(len(_Q[octet]) for octet in data)
    b_length = 4 * -(-len(data) // 3)
    room = width - _ENCODED_WORD_FRAME
    # Q stays readable for Latin text, B is shorter for other scripts; the email package's
    # bias towards Q.
    if q_length - b_length < 5:
        return [f"=?utf-8?q?{''.join(_Q[octet] for octet in chunk)}?="
                for chunk in _chunks(text, room, lambda part: sum(len(_Q[o]) for o in part))]
    return [f"=?utf-8?b?{binascii.b2a_base64(chunk, newline=False).decode('ascii')}?="
            for chunk in _chunks(text, room // 4 * 3, len)]


def _chunks(text: str, room: int, cost: Callable[[bytes], int]) -> Iterator[bytes]:
    chunk, size = b"", 0
    for char in text:
        octets = char.encode("utf-8", "replace")
        if chunk and size + cost(octets) > room:
            yield chunk
            chunk, size = b"", 0
        chunk, size = chunk + octets, size + cost(octets)
    if chunk:
        yield chunk


def _transfer_encoding(body: str) -> str:
    # 7bit when the text allows it; otherwise quoted-printable, which keeps lines short and
    # needs no 8BITMIME (RFC 6152) from any relay on the way, yet stays readable as source.
    # Lines counted as _encoded_body writes them: str.splitlines would also end one at a
    # form feed, which stays inside a written line.
    if not body.isascii():
        return "quoted-printable"
    longest = max(map(len, body.encode("ascii").splitlines()), default=0)
    return "7bit" if longest <= MAX_LINE_OCTETS else "quoted-printable"


def _encoded_body(body: str, cte: str) -> bytes:
    # CR, LF and CRLF each end a line (RFC 5321 §2.3.8 allows no other on the wire), and
    # the text ends with one, as the email package wrote it.
    lines = body.encode("utf-8").splitlines()
    if cte == "7bit":
        return b"\r\n".join(lines) + b"\r\n"
    # RFC 2045 §6.7: lines of at most 76 characters, trailing space and tab encoded.
    return binascii.b2a_qp(b"\n".join(lines) + b"\n").replace(b"\n", b"\r\n")
