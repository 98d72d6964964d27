"""A message with files: the composed text message made multipart/mixed at sending time.

The outbox keeps a message's text as compose() wrote it and its files beside it
(store/models/mail.py); the sender calls `with_attachments` just before delivery. Without
files the bytes are returned untouched, so such mail is exactly what it always was.

The text stays the first part, with its own Content-Type and Content-Transfer-Encoding;
each file follows as a base64 part named in Content-Disposition (RFC 2046 §5.1.3, RFC 2183):
"inline" with a Content-ID (RFC 2392) for a file to be shown in the message (the report's
picture), "attachment" otherwise. The Content-ID is the message's own Message-ID with the
part's number before it, so it is as unique as that and the same on every retry.
"""

from __future__ import annotations

import base64
import re
import secrets
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar
from urllib.parse import quote

from judge.mail.outbound.compose import message_id_of

# RFC 2045 §5.1: type "/" subtype, each a token.
_MEDIA_TYPE = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+/[!#$%&'*+.^_`|~0-9A-Za-z-]+")
# The fields that describe the body (RFC 2045 §9): they move into the text's own part.
_CONTENT_FIELD = re.compile(rb"^content-", re.IGNORECASE)
_MIME_VERSION = re.compile(rb"^mime-version[ \t]*:", re.IGNORECASE)
# RFC 2045 §6.8: base64 lines of at most 76 characters.
_BASE64_LINE = 76


class File(Protocol):
    @property
    def filename(self) -> str: ...
    @property
    def content_type(self) -> str: ...
    @property
    def data(self) -> bytes: ...
    @property
    def inline(self) -> bool: ...


F = TypeVar("F", bound=File)


def base64_lines(file: File) -> bytes:
    """The file's bytes as its part's body: base64 in lines of 76 (RFC 2045 §6.8)."""
    encoded = base64.b64encode(file.data)
    return b"\r\n".join([encoded[i:i + _BASE64_LINE]
                          for i in range(0, len(encoded), _BASE64_LINE)])


def with_attachments(raw: bytes, files: Sequence[F],
                     encoded: Callable[[F], bytes] = base64_lines) -> bytes:
    """`raw` (compose()'s CRLF message) with `files` after its text; `raw` if none.
    `encoded`: each file's part body, base64_lines's or one kept from an earlier message
    (the sender's EncodedParts: a turn's reports mostly carry the same picture).

    Raises ValueError on a media type that is not type/subtype or a file name with a
    control character, which would break the part's header."""
    if not files:
        return raw
    head, _, body = raw.partition(b"\r\n\r\n")
    fields = _fields(head)
    outer = [f for f in fields if not _CONTENT_FIELD.match(f) and not _MIME_VERSION.match(f)]
    text_head = [f for f in fields if _CONTENT_FIELD.match(f)]
    boundary = _boundary(body)
    delimiter = b"\r\n--" + boundary + b"\r\n"
    # The CRLF before a delimiter belongs to it (RFC 2046 §5.1.1): one more keeps the
    # text's last line break.
    own_id = message_id_of(raw) or f"<{secrets.token_hex(12)}@judge.invalid>"
    # One join: the parts are 100 KB a report, each "+" would copy what came before.
    pieces = [*outer, b"MIME-Version: 1.0\r\n",
              b'Content-Type: multipart/mixed; boundary="', boundary, b'"\r\n\r\n',
              b"--", boundary, b"\r\n", *text_head, b"\r\n", body]
    for number, file in enumerate(files, 1):
        pieces += [delimiter, *_part(file, _content_id(own_id, number), encoded)]
    return b"".join([*pieces, b"\r\n--", boundary, b"--\r\n"])


def _fields(head: bytes) -> list[bytes]:
    """Each header field with its folded lines, CRLF ended."""
    fields: list[bytes] = []
    for line in head.split(b"\r\n"):
        if line[:1] in (b" ", b"\t") and fields:
            fields[-1] += line + b"\r\n"
        else:
            fields.append(line + b"\r\n")
    return fields


def _boundary(body: bytes) -> bytes:
    # "=_" cannot occur in base64 or quoted-printable; the text is checked all the same.
    while True:
        boundary = b"=_judge_" + secrets.token_hex(12).encode()
        if boundary not in body:
            return boundary


def _content_id(message_id: str, number: int) -> str:
    """`<2.abc@example.org>` for the second file of `<abc@example.org>`."""
    return f"<{number}.{message_id.strip('<>')}>"


def _part(file: F, content_id: str, encoded: Callable[[F], bytes]) -> tuple[bytes, bytes]:
    """The part's header and its body."""
    if not _MEDIA_TYPE.fullmatch(file.content_type):
        raise ValueError(f"not a media type: {file.content_type!r}")
    if not file.filename or any(ord(c) < 0x20 or ord(c) == 0x7F for c in file.filename):
        raise ValueError(f"not a file name for an attachment: {file.filename!r}")
    disposition = "inline" if file.inline else "attachment"
    shown = f"Content-ID: {content_id}\r\n" if file.inline else ""
    return (f"Content-Type: {file.content_type}\r\n"
            f"Content-Disposition: {disposition}; {_filename(file.filename)}\r\n{shown}"
            "Content-Transfer-Encoding: base64\r\n\r\n").encode("ascii"), encoded(file)


def _filename(name: str) -> str:
    """The filename parameter: a quoted-string (RFC 2183 §2.3), or for a name that is not
    ASCII, RFC 2231's encoded form."""
    if name.isascii():
        return 'filename="' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "filename*=utf-8''" + quote(name, safe="")
