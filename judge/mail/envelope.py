"""Header facts the pipeline needs beyond judge.mail.inbound: recipients and loop markers."""

from __future__ import annotations

from email import policy
from email.message import Message
from email.parser import BytesHeaderParser
from email.utils import getaddresses

from judge.mail.inbound import message_ids

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


def thread(raw: bytes) -> list[str]:
    """The References, then any In-Reply-To id not among them (RFC 5322 §3.6.4)."""
    headers = _headers(raw)
    if headers is None:
        return []
    ids = list(message_ids(str(headers.get("References") or "")))
    return ids + [i for i in message_ids(str(headers.get("In-Reply-To") or "")) if i not in ids]


def loop_markers(raw: bytes) -> list[str]:
    """The X-Loop values: each one names a system that has already handled this message."""
    headers = _headers(raw)
    if headers is None:
        return []
    return [" ".join(str(v).split()).lower() for v in headers.get_all("X-Loop") or ()]
