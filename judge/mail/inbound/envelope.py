"""The header facts of an inbound message, read from one cheap parse.

    headers = Headers(message)   # message: parsed with READ_POLICY (compat32's reading)
    headers.text("Subject"), headers.address("From"), headers.references(), ...

compat32 keeps each field's raw text. The structured parse of email.policy.default
(headerregistry, several ms a message) is applied only to a field the plain reading cannot
vouch for: one with an RFC 2047 encoded word, a comment, a quoted or unusual address. A
plain field reads the same either way, so what the judge sees does not change.
"""

from __future__ import annotations

import codecs
import contextlib
import re
from email import policy
from email.message import Message
from email.utils import getaddresses

from judge.mail.addresses import DOT_ATOM, PLAIN_ADDRESS, Mailbox, mailbox
from judge.mail.addresses import loop_markers as _loop_markers
from judge.mail.fields import CONTROL, message_ids
from judge.mail.header_block import PLAIN_MIME

# The longest field (unfolded) handed to the standard library's structured parser, whose
# time grows with the square of some inputs: a real Subject of encoded words fits.
MAX_STRUCTURED = 4096

# Where a message says whom it was for: the visible headers, and the ones MTAs add on
# delivery (Postfix's X-Original-To and Delivered-To keep the +token a client dropped).
_RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")
# Fields headerregistry reads as unstructured (RFC 5322 §3.6.5, RFC 2047 §5(1)): without
# an encoded word, their decoded text is the raw text, unfolded.
_UNSTRUCTURED = frozenset({"subject", "references", "in-reply-to", "auto-submitted",
                           "return-path", "precedence"})
_PLAIN_MSG_ID = re.compile(rf"[ \t]*<{DOT_ATOM}@{DOT_ATOM}>[ \t]*")
# Python codecs that turn bytes into text but are no charset mail can declare (not in the
# IANA registry): their decoders are pure Python and quadratic, 40 KB of "xn--bbb..."
# took 0.6 s as idna (issue #11). Text declared so is read as undeclared text is.
_NOT_CHARSETS = frozenset({"idna", "punycode"})


class Headers:
    """One message's header fields by lower-cased name, raw as compat32 keeps them."""

    __slots__ = ("_fields",)

    def __init__(self, message: Message) -> None:
        self._fields: dict[str, list[str]] = {}
        for name, value in message.raw_items():
            self._fields.setdefault(name.lower(), []).append(value)

    def __contains__(self, name: str) -> bool:
        return name.lower() in self._fields

    def raw(self, name: str) -> str | None:
        values = self._fields.get(name.lower())
        return values[0] if values else None

    def text(self, name: str) -> str:
        return field_text(name, self.raw(name))

    def address(self, name: str) -> str:
        """The first usable addr-spec in an address field, lower-cased; '' if there is none."""
        return self.mailbox(name).address

    def mailbox(self, name: str) -> Mailbox:
        """The first usable address of an address field, or why it has none."""
        return mailbox(name, self.raw(name))

    def references(self) -> tuple[str, ...]:
        # RFC 5322 §3.6.4: References lists the thread and In-Reply-To the parent; some
        # clients send only In-Reply-To, so its ids join the end when missing from References.
        ids = message_ids(self.text("References"))
        return ids + tuple(i for i in message_ids(self.text("In-Reply-To")) if i not in ids)

    def recipients(self) -> tuple[str, ...]:
        """Every address the message was sent to, lower-cased, in header order."""
        values = [value for name in _RECIPIENT_HEADERS for value in self._all(name)]
        found = _plain_addresses(values)
        if found is None:
            found = [address for _, address in getaddresses(values) if "@" in address]
        return tuple(dict.fromkeys(address.lower() for address in found))

    def loop_markers(self) -> tuple[str, ...]:
        """The X-Loop entries: each names a system that has already handled this message."""
        return _loop_markers(self._all("X-Loop"))

    def _all(self, name: str) -> list[str]:
        # As compat32 hands out a field: raw, or decoded as unknown-8bit if it has 8-bit bytes.
        return [str(policy.compat32.header_fetch_parse(name, value))
                for value in self._fields.get(name.lower(), ())]


def _plain_addresses(values: list[str]) -> list[str] | None:
    """The addr-specs of address lists made only of plain mailboxes (what getaddresses
    finds in them too), or None when any item needs the real parser."""
    found = []
    for value in values:
        unfolded = value.replace("\r", "").replace("\n", "")
        if not unfolded.isascii() or "=?" in unfolded:
            return None
        for item in unfolded.split(","):
            plain = PLAIN_ADDRESS.fullmatch(item)
            if plain is None:
                return None
            found.append(plain[1] or plain[2])
    return found


def field_text(name: str, raw: str | None) -> str:
    """A field's decoded text without control characters, '' if absent.

    Undeclared 8-bit text (raw UTF-8 per RFC 6532, or a legacy charset) is decoded here:
    the structured parse would make U+FFFD of what is not UTF-8. So is a field it cannot
    parse.
    """
    if raw is None:
        return ""
    value: object = raw
    if raw.isascii():
        unfolded = raw.replace("\r", "").replace("\n", "")
        value = unfolded
        if not _plain(name.lower(), unfolded) and _parseable(unfolded):
            # The structured field can choke on hostile input: keep it raw then.
            with contextlib.suppress(Exception):
                value = policy.default.header_fetch_parse(name, unfolded)
    return CONTROL.sub("", unsurrogate(str(value)))


def _parseable(unfolded: str) -> bool:
    """Whether the structured parser may see the field: it is quadratic in long fields and
    in punycode or idna encoded words (their decoders are), so those stay as written."""
    lowered = unfolded.lower()
    return len(unfolded) <= MAX_STRUCTURED and "?punycode?" not in lowered \
        and "?idna?" not in lowered


def _plain(name: str, unfolded: str) -> bool:
    if "=?" in unfolded:  # an RFC 2047 encoded word, even in a dot-atom (get_dot_atom)
        return False
    if name in _UNSTRUCTURED:
        return True
    if name == "message-id":
        return _PLAIN_MSG_ID.fullmatch(unfolded) is not None
    mime = PLAIN_MIME.get(name)
    return mime is not None and mime.fullmatch(unfolded) is not None


def unsurrogate(text: str) -> str:
    """Undeclared 8-bit header bytes (raw UTF-8 per RFC 6532, or worse) survive parsing as
    surrogate escapes; decode them so nothing downstream meets a lone surrogate."""
    try:
        return decode_bytes(text.encode("utf-8", "surrogateescape"), None)
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")


def decode_bytes(data: bytes, declared: str | None) -> str:
    """Text of bytes in the declared charset if it fits, else in the likeliest one."""
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
    if name in _NOT_CHARSETS:
        return None
    # WHATWG Encoding: text labelled ISO-8859-1 is windows-1252 in practice; the two differ
    # only in 0x80-0x9F, unused C1 controls in ISO-8859-1, curly quotes and dashes in 1252.
    return "cp1252" if name == "iso8859-1" else name
