"""The header block of raw message bytes, read cheaply and within bounds: how the inbound
side reads a message's fields (judge/mail/inbound/envelope.py) and how the outbound postman
finds the thread a reply joins (RFC 5322 §3.6.4). Both directions read it here, so
judge/mail/outbound needs nothing of judge/mail/inbound.
"""

from __future__ import annotations

import re
from email.header import Header
from email.message import Message
from email.parser import BytesHeaderParser
from email.policy import Compat32

from judge.mail.addresses import QUOTED
from judge.mail.fields import message_ids

END_OF_HEADERS = re.compile(rb"(?:\r\n|\r(?!\n)|\n)(?:\r\n|\r|\n)")
# The header block parsed: the parser reads it line by line in Python, and a header of
# megabytes would hold a receiver or the worker for seconds. Postfix keeps 100 KB of one
# field (header_size_limit); the fields past this many bytes are not read.
MAX_HEADER_BYTES = 256 * 1024
# RFC 2045 §5.1 token, less the characters of RFC 2231 extended parameters (' * %).
_MIME_TOKEN = r"[!#$&+.^_`|~0-9A-Za-z-]+"
_MIME_PARAMS = rf"(?:[ \t]*;[ \t]*{_MIME_TOKEN}=(?:{_MIME_TOKEN}|{QUOTED}))*[ \t]*"
# A MIME field read: no real one is longer than a line (RFC 5322 §2.1.1).
MAX_MIME_FIELD = 998
# A quoted string (closed or not: it may hold parentheses), an escaped character, a
# parenthesis, or a run of anything else: the tokens that tell where comments are.
_COMMENT_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*+"?|\\.|[()]|[^"()\\]+', re.DOTALL)
# MIME fields in the plain form where compat32's reading and headerregistry's agree on
# type, parameters and encoding (checked over random fields of this grammar).
PLAIN_MIME = {
    "content-type": re.compile(rf"{_MIME_TOKEN}/{_MIME_TOKEN}{_MIME_PARAMS}"),
    "content-disposition": re.compile(rf"{_MIME_TOKEN}{_MIME_PARAMS}"),
    "content-transfer-encoding": re.compile(rf"{_MIME_TOKEN}[ \t]*"),
}


class _ReadPolicy(Compat32):
    """compat32, except that a MIME field is read without its folding and its comments
    (RFC 2045 §5.1 allows them), and only its first MAX_MIME_FIELD characters. The parser
    and the walk over the parts consult these fields to split the parts, so a comment must
    not become part of a boundary or a charset. headerregistry's structured reading, used
    for them before, is quadratic in some fields (16 KB of ";" took 4 s, issue #11), and so
    is compat32's parameter parser, hence the bound."""

    # The override returns what Compat32's does (typeshed marks Compat32's the same way).
    def header_fetch_parse(self, name: str, value: str) -> str | Header:  # type: ignore[override]
        if name.lower() in PLAIN_MIME:
            value = _mime_value(value)
        return super().header_fetch_parse(name, value)


def _mime_value(value: str) -> str:
    unfolded = value.replace("\r", "").replace("\n", "")[:MAX_MIME_FIELD]
    if "(" not in unfolded:
        return unfolded
    kept, depth = [], 0
    for token in _COMMENT_TOKENS.findall(unfolded):
        if token == "(":
            depth += 1
        elif token == ")" and depth:
            depth -= 1
            kept.append(" " if not depth else "")  # a comment reads as white space
        elif not depth:
            kept.append(token)
    return "".join(kept).strip()


READ_POLICY = _ReadPolicy()


def header_block(raw: bytes) -> Message:
    """The header fields of raw message bytes, parsed without splitting the body into lines:
    the parse ends at the first empty line (RFC 5322 §2.1), so it is cut there."""
    end = END_OF_HEADERS.search(raw, 0, MAX_HEADER_BYTES)
    return BytesHeaderParser(policy=READ_POLICY).parsebytes(
        raw[:end.end() if end else MAX_HEADER_BYTES])


def thread(raw: bytes) -> list[str]:
    """The References, then any In-Reply-To id not among them (RFC 5322 §3.6.4)."""
    fields = _plain_thread_fields(raw)
    if fields is None:
        try:
            headers = header_block(raw)
        except Exception:  # a header block nothing can parse names no thread
            return []
        fields = str(headers.get("References") or ""), str(headers.get("In-Reply-To") or "")
    ids = list(message_ids(fields[0]))
    return ids + [i for i in message_ids(fields[1]) if i not in ids]


# A header block the parser reads line for line as written (issue #18: the postman parsed
# each answered message's whole block again, a tenth of a millisecond, for two fields):
# printable ASCII, CRLF or LF line ends, each line a field "name:" or a continuation. In
# any other block (8-bit bytes, a lone CR or a form feed, which the parser's line split
# also breaks at, a line that ends the fields early) the parser reads the fields.
_PLAIN_BLOCK = re.compile(rb"[!-9;-~]+:[\t -~]*(?:\r?\n(?:[!-9;-~]+:|[ \t])[\t -~]*)*")
# A field's value as the parser keeps it: the first line's rest and its continuations.
_THREAD_FIELDS = {name: re.compile(rb"^" + name + rb":([^\n]*(?:\n[ \t][^\n]*)*)",
                                   re.IGNORECASE | re.MULTILINE)
                  for name in (b"references", b"in-reply-to")}


def _plain_thread_fields(raw: bytes) -> tuple[str, str] | None:
    """The first References and In-Reply-To values of a plain block ("" when absent), as
    compat32 reads them but for the surrounding white space (which message_ids skips);
    None when the block is not plain."""
    end = END_OF_HEADERS.search(raw, 0, MAX_HEADER_BYTES)
    if end is None or _PLAIN_BLOCK.fullmatch(raw, 0, end.start()) is None:
        return None
    found = [pattern.search(raw, 0, end.start()) for pattern in _THREAD_FIELDS.values()]
    return (found[0][1].decode("ascii") if found[0] else "",
            found[1][1].decode("ascii") if found[1] else "")
