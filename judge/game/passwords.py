"""Seat passwords, kept as salted scrypt hashes (standard library, memory-hard)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections import OrderedDict

# scrypt cost: n=2**14, r=8 takes ~16 MiB and some tens of ms; a mail judge checks a
# password a few times per message at most.
_N, _R, _P = 2**14, 8, 1
SCHEME = "scrypt"
# Passwords this process has already checked right, as (hash, HMAC of the password under a
# key that never leaves memory): a player's every SIGNON would otherwise pay scrypt's tens
# of milliseconds again. Only successes are kept, so each guess still costs a full scrypt,
# and a new password has a new hash, which misses.
_PROCESS_KEY = secrets.token_bytes(32)
_REMEMBERED = 4096
_verified: OrderedDict[tuple[str, bytes], None] = OrderedDict()


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = _scrypt(password, salt, _N, _R, _P)
    return "$".join((SCHEME, str(_N), str(_R), str(_P), _b64(salt), _b64(digest)))


def verify_password(password: str, stored: str | None) -> bool:
    """Whether `password` matches `stored`; a missing or malformed hash never matches."""
    if not stored:
        return False
    tag = hmac.new(_PROCESS_KEY, password.encode(), hashlib.sha256).digest()
    if (stored, tag) in _verified:
        return True
    if not _verify(password, stored):
        return False
    _verified[(stored, tag)] = None
    while len(_verified) > _REMEMBERED:
        _verified.popitem(last=False)
    return True


def _verify(password: str, stored: str) -> bool:
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
