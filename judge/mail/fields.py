"""What both directions of mail know of header text: the control characters no field or
command line may carry, and message ids (RFC 5322 §3.6.4).

Inbound reads them from what arrives; outbound writes them into what it sends. Keeping
them here lets `judge/mail/outbound` stand without importing `judge/mail/inbound`.
"""

from __future__ import annotations

import re

# C0 controls except tab and newline, DEL and the C1 controls: never part of a command
# (C1 bytes come from mislabelled windows-1252), and PostgreSQL text rejects NUL outright.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# RFC 5322 §2.1.1: no line, so no msg-id, is longer than 998 octets (nor is the inbox's
# message_id column wider).
MAX_ID_LENGTH = 998
_MSG_ID = re.compile(r"<([^<>\s]+)>")


def message_ids(text: str) -> tuple[str, ...]:
    """The msg-ids (RFC 5322 §3.6.4) in a header value, in order, each in angle brackets."""
    found = _MSG_ID.findall(text)
    if not found:  # some clients send bare ids; take any word that looks like one
        found = [word.strip("<>") for word in re.split(r"[\s,]+", text) if "@" in word]
    ids = (f"<{found_id}>" for found_id in found if found_id)
    return tuple(dict.fromkeys(i for i in ids if len(i) <= MAX_ID_LENGTH))
