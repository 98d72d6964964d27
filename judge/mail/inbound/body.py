"""A message's command text: the part that holds it, decoded, read to a bound, cleaned.

    body = read_body(raw, headers)   # headers: the message's own, parsed with READ_POLICY
    body.text, body.truncated, body.problem

Each bound applies before the step it protects: the part's raw bytes before they are
decoded, the decoded text before HTML is turned into lines and quotes are stripped, the
command text last. Whatever the message holds, reading it costs at most a few of these
bounds' worth of work (bench/worst_bodies.py measures it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from email.message import Message
from email.utils import collapse_rfc2231_value

from judge.mail.header_block import header_block
from judge.mail.inbound.envelope import decode_bytes
from judge.mail.inbound.html import html_to_text
from judge.mail.inbound.mime import Part, Walk, body_start
from judge.mail.inbound.plaintext import clean

# The command text we keep; a real order list is a few KiB, anything beyond is noise or abuse.
MAX_BODY_BYTES = 64 * 1024
# Text read before quoted text and the signature are removed: room for a quoted report
# around the commands.
MAX_TEXT_CHARS = 4 * MAX_BODY_BYTES
# HTML read before it is turned into lines: room for the markup around the commands.
MAX_HTML_CHARS = 4 * MAX_BODY_BYTES
# A part's bytes read before its transfer encoding is undone: quoted-printable takes up to
# three bytes a character, UTF-16 two, base64 four for three.
MAX_PART_BYTES = 16 * MAX_BODY_BYTES

NO_TEXT = "no readable text part"

# A base64 body never holds a space between two characters on a line; text always does.
_TEXT_LINE = re.compile(rb"\S[ \t]+\S")


@dataclass(frozen=True, slots=True)
class Body:
    text: str = ""
    truncated: bool = False  # a bound cut it: only its first part was read
    problem: str | None = None


def read_body(raw: bytes, headers: Message) -> Body:
    walk = Walk(raw, Part(headers, body_start(raw), len(raw)))
    part = _body_part(walk.leaves())
    if part is None:
        return Body(problem=walk.problem or NO_TEXT)
    text, cut = _part_text(raw, part)
    text, capped = _cap(text)
    return Body(text, cut or capped, walk.problem)


def attached_text(raw: bytes) -> str | None:
    """The first text/plain part the message carries as an attachment (a file), decoded,
    within the body's bounds; None if there is none. Read only when a command asks for it
    (SET MAP's map sent as a file), so the walk goes past the body part only then."""
    headers = header_block(raw)
    walk = Walk(raw, Part(headers, body_start(raw), len(raw)))
    for part in walk.leaves():
        if part.headers.get_content_disposition() == "attachment" \
                and part.headers.get_content_type() == "text/plain":
            data, cut = _payload(raw, part)
            text, _ = _head(decode_bytes(data, part.headers.get_content_charset()),
                            MAX_TEXT_CHARS, cut)
            return text
    return None


def _body_part(leaves: Iterable[Part]) -> Part | None:
    """The part holding the commands: the first text/plain, else the first text/html.
    The walk stops at the first text/plain: nothing after it is parsed at all."""
    html = None
    for part in leaves:
        if part.headers.get_content_disposition() == "attachment":
            continue
        content_type = part.headers.get_content_type()
        if content_type == "text/plain":
            return part
        if content_type == "text/html" and html is None:
            html = part
    return html


def _part_text(raw: bytes, part: Part) -> tuple[str, bool]:
    """The part's command text, and whether a bound cut it."""
    data, cut = _payload(raw, part)
    text = decode_bytes(data, part.headers.get_content_charset())
    if part.headers.get_content_subtype() == "html":
        html, cut = _head(text, MAX_HTML_CHARS, cut)
        return clean(html_to_text(html, cut=cut)), cut
    text, cut = _head(text, MAX_TEXT_CHARS, cut)
    # RFC 3676: format=flowed wraps long lines with a trailing space; put them back together.
    flowed = _param(part.headers, "format") == "flowed"
    delsp = flowed and _param(part.headers, "delsp") == "yes"
    return clean(text, flowed=flowed, delsp=delsp), cut


def _payload(raw: bytes, part: Part) -> tuple[bytes, bool]:
    """The part's body, transfer encoding undone, from at most MAX_PART_BYTES of it."""
    end = min(part.end, part.start + MAX_PART_BYTES)
    cut = end < part.end
    line_end = raw.rfind(b"\n", part.start, end) if cut else -1
    if line_end > part.start:  # whole lines: base64 and quoted-printable go line by line
        end = line_end + 1
    data = raw[part.start:end]
    encoding = str(part.headers.get("Content-Transfer-Encoding", "")).strip().lower()
    if encoding == "base64" and _TEXT_LINE.search(data):
        # Labelled base64 but written as text: decoding would turn the commands into noise.
        return data, cut
    # The walk parsed the headers alone; the payload joins them only now, bounded.
    part.headers.set_payload(data.decode("ascii", "surrogateescape"))
    payload = part.headers.get_payload(decode=True)  # undoes base64 and QP (RFC 2045)
    return (payload if isinstance(payload, bytes) else b""), cut


def _head(text: str, limit: int, cut: bool) -> tuple[str, bool]:
    """At most `limit` characters of `text`, and whether it was cut (already, with `cut`:
    its last line may then be half, and is left out too)."""
    if len(text) <= limit and not cut:
        return text, False
    head = text[:limit]
    end = max(head.rfind("\n"), head.rfind("\r"))
    return (head[:end] if end > 0 else head), True


def _param(headers: Message, name: str) -> str:
    value = headers.get_param(name)
    if isinstance(value, tuple):  # an RFC 2231 encoded parameter
        value = collapse_rfc2231_value(value)
    return str(value or "").strip().lower()


def _cap(text: str) -> tuple[str, bool]:
    data = text.encode("utf-8")
    if len(data) <= MAX_BODY_BYTES:
        return text, False
    head = data[:MAX_BODY_BYTES].decode("utf-8", "ignore")  # "ignore": a split last character
    cut = head.rfind("\n")  # end at a line break, so no command is left half-written
    return (head[:cut] if cut > 0 else head), True
