"""Reply tokens: a seat's signed address, so a plain reply acts for that seat.

Every report and reply to a seat carries `Reply-To: judge+s<seat id>-<mac>@domain`. The
mac is an HMAC over the seat's id keyed by the seat's own random secret, which a password
change or a REPLACE renews: an old token then stops working. The token proves the writer
received the judge's mail for that seat, as a password would; it is no more than that,
so the registered address is told whenever another address uses it.

The same sub-addressing carries the one-time codes of account requests
(`judge+c<id>-<code>@`, `judge+u<id>-<code>@`, judge.game.codes): mailed to one mailbox
only, they prove it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

from judge.game.codes import Code, parse_code
from judge.store.models import Seat

# 80 bits of mac: far beyond guessing by mail, short enough for a local part (RFC 5321
# §4.5.3.1.1 allows 64 octets). Base32 lower case, since mail systems fold case.
_MAC_CHARS = 16
_TOKEN = re.compile(r"^s(\d{1,18})-([a-z2-7]{16})$")


def seat_token(seat: Seat) -> str:
    return f"s{seat.id}-{_mac(seat.secret, seat.id)}"


def token_address(judge_address: str, seat: Seat) -> str:
    """The judge's address with the seat's token after a '+' (RFC 5233 sub-addressing)."""
    return sub_address(judge_address, seat_token(seat))


def sub_address(judge_address: str, token: str) -> str:
    local, _, domain = judge_address.partition("@")
    return f"{local}+{token}@{domain}"


def is_own_address(address: str, judge_address: str) -> bool:
    """Whether `address` is the judge's own, with or without a +sub-address."""
    # The last "@": a quoted local part may hold one (RFC 5321 §4.1.2).
    local, _, domain = address.lower().rpartition("@")
    judge_local, _, judge_domain = judge_address.lower().rpartition("@")
    return domain == judge_domain and local.partition("+")[0] == judge_local


def parse_token(address: str, judge_address: str) -> tuple[int, str] | None:
    """(seat id, mac) when `address` is the judge's address with a token, else None."""
    match = _TOKEN.match(_token_part(address, judge_address) or "")
    return (int(match.group(1)), match.group(2)) if match else None


def _token_part(address: str, judge_address: str) -> str | None:
    """What follows the '+' when `address` is the judge's own with a sub-address."""
    local, _, domain = address.lower().partition("@")
    judge_local, _, judge_domain = judge_address.lower().partition("@")
    base, plus, token = local.partition("+")
    if not plus or base != judge_local or domain != judge_domain:
        return None
    return token


def token_matches(seat: Seat, mac: str) -> bool:
    # compare_digest: the time taken must not tell how much of a forged mac was right.
    return hmac.compare_digest(_mac(seat.secret, seat.id), mac)


def _mac(secret: str, seat_id: int) -> str:
    digest = hmac.new(secret.encode(), f"seat:{seat_id}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:_MAC_CHARS]


def parse_request_token(address: str, judge_address: str) -> Code | None:
    """The one-time code (judge.game.codes) when `address` is the judge's address with a
    confirmation or undo code after the '+', else None."""
    token = _token_part(address, judge_address)
    return parse_code(token) if token else None


# Press-reply tokens (issue #11, item 15). Press mailed to a seat carries
# `Reply-To: judge+p<press id>-<seat id>-<mac>@domain`, so that a plain reply goes back
# as press to whoever wrote it. The mac is keyed by the receiving seat's secret, like a
# seat token: it names both the press and the seat, cannot be made for another press or
# seat, and dies with the seat's password (SET PASSWORD, REPLACE).
_PRESS_TOKEN = re.compile(r"^p(\d{1,18})-(\d{1,18})-([a-z2-7]{16})$")


# The press's number in the token is its id permuted under the receiving seat's secret:
# ids are counted over the whole judge, so the id itself told a reader how much press had
# been written meanwhile, between others too (tests/secrecy/test_adversary_press_traffic.py).
_HALF = 15  # a four-round Feistel permutation of 30-bit numbers (the id column is 32-bit)
_MASK = (1 << _HALF) - 1


def press_token_address(judge_address: str, press_id: int, seat: Seat) -> str:
    local, _, domain = judge_address.partition("@")
    mac = _press_mac(seat.secret, press_id, seat.id)
    return f"{local}+p{_permute(seat.secret, press_id, range(4))}-{seat.id}-{mac}@{domain}"


def press_id_of(seat: Seat, number: int) -> int:
    """The press id a token's number stands for, for the seat it was mailed to."""
    return _permute(seat.secret, number, range(3, -1, -1))


def _permute(secret: str, number: int, rounds: range) -> int:
    if number >> (2 * _HALF):
        return number  # beyond 2**30: no press id of ours, and left as written
    left, right = number >> _HALF, number & _MASK
    for r in rounds:
        if rounds.step > 0:
            left, right = right, left ^ _round(secret, r, right)
        else:
            left, right = right ^ _round(secret, r, left), left
    return (left << _HALF) | right


def _round(secret: str, r: int, half: int) -> int:
    digest = hmac.new(secret.encode(), f"press-number:{r}:{half}".encode(), hashlib.sha256)
    return int.from_bytes(digest.digest()[:4], "big") & _MASK


def parse_press_token(address: str, judge_address: str) -> tuple[int, int, str] | None:
    """(press id, seat id, mac) when `address` is the judge's with a press token."""
    match = _PRESS_TOKEN.match(_token_part(address, judge_address) or "")
    return (int(match.group(1)), int(match.group(2)), match.group(3)) if match else None


def press_token_matches(seat: Seat, press_id: int, mac: str) -> bool:
    return hmac.compare_digest(_press_mac(seat.secret, press_id, seat.id), mac)


def _press_mac(secret: str, press_id: int, seat_id: int) -> str:
    message = f"press:{press_id}:{seat_id}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:_MAC_CHARS]
