"""One-time codes for account requests: `c12-k3v9q2m7a1b4c8d6` confirms request 12,
`u13-...` undoes the address change recorded as request 13.

The judge mails a code to one mailbox only (a confirmation to the account's address, an
undo to the address mail went to before); holding it proves that mailbox. Only the
SHA-256 of the secret part is stored, and it is compared in constant time.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from typing import NamedTuple

CONFIRM = "c"
UNDO = "u"
# 80 random bits, as a reply token's mac: far beyond guessing by mail, short enough for
# a local part (RFC 5321 §4.5.3.1.1). Base32 lower case, since mail systems fold case.
_SECRET_BYTES = 10
_CODE = re.compile(r"^([cu])(\d{1,18})-([a-z2-7]{16})$")


class Code(NamedTuple):
    letter: str
    request_id: int
    secret: str

    def __str__(self) -> str:
        return f"{self.letter}{self.request_id}-{self.secret}"


def new_secret() -> str:
    return base64.b32encode(secrets.token_bytes(_SECRET_BYTES)).decode("ascii").lower()


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def parse_code(text: str) -> Code | None:
    """The code in `text` as written by a person (any case, spaces around), else None."""
    match = _CODE.match(text.strip().lower())
    if match is None:
        return None
    return Code(match.group(1), int(match.group(2)), match.group(3))


def matches(code: Code, stored_digest: str) -> bool:
    # compare_digest: the time taken must not tell how much of a guessed code was right.
    return hmac.compare_digest(digest(code.secret), stored_digest)
