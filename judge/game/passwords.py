"""Seat passwords, kept as salted scrypt hashes (standard library, memory-hard)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

# scrypt cost: n=2**14, r=8 takes ~16 MiB and some tens of ms; a mail judge checks a
# password a few times per message at most.
_N, _R, _P = 2**14, 8, 1
SCHEME = "scrypt"


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = _scrypt(password, salt, _N, _R, _P)
    return "$".join((SCHEME, str(_N), str(_R), str(_P), _b64(salt), _b64(digest)))


def verify_password(password: str, stored: str | None) -> bool:
    """Whether `password` matches `stored`; a missing or malformed hash never matches."""
    if not stored:
        return False
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != SCHEME:
        return False
    n, r, p = (int(x) for x in parts[1:4])
    expected = base64.b64decode(parts[5])
    # compare_digest: the time taken must not tell how much of a guess was right.
    return hmac.compare_digest(_scrypt(password, base64.b64decode(parts[4]), n, r, p), expected)


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=n, r=r, p=p, dklen=32)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")
