"""Header facts the pipeline needs beyond judge.mail.inbound: recipients and loop markers."""

from __future__ import annotations

from email import policy
from email.message import Message
from email.parser import BytesHeaderParser
from email.utils import getaddresses

# Where a message says whom it was for: the visible headers, and the ones MTAs add on
# delivery (Postfix's X-Original-To and Delivered-To keep the +token a client dropped).
_RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")


def _headers(raw: bytes) -> Message | None:
    try:
        return BytesHeaderParser(policy=policy.compat32).parsebytes(raw)
    except Exception:  # a header block nothing can parse names no recipients
        return None


def recipients(raw: bytes) -> list[str]:
    """Every address the message was sent to, lower-cased, in header order."""
    headers = _headers(raw)
    if headers is None:
        return []
    values = [str(v) for name in _RECIPIENT_HEADERS for v in headers.get_all(name) or ()]
    found = [address.lower() for _, address in getaddresses(values) if "@" in address]
    return list(dict.fromkeys(found))


def loop_markers(raw: bytes) -> list[str]:
    """The X-Loop values: each one names a system that has already handled this message."""
    headers = _headers(raw)
    if headers is None:
        return []
    return [" ".join(str(v).split()).lower() for v in headers.get_all("X-Loop") or ()]
