"""Password guessing, throttled per seat and per account, wherever the guesses come from.

A per-address limit alone does nothing against guesses sent from ever new addresses, so
each wrong password is stored against the seat it was tried on and the seat's owner
(judge.store.models.guards). Past `per_seat` wrong passwords for a seat, or `per_account`
for all of an account's seats, within `window`, the seat's password is not checked at
all -- the right one waits too -- until the window has moved on. The seat's reply address
still works meanwhile, so the real player is never locked out; the owner is told when a
lock-out begins. One message may try at most `per_message` wrong passwords: each check
costs a deliberately slow scrypt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from judge.game.clock import format_deadline
from judge.game.errors import GameError
from judge.game.passwords import verify_password
from judge.game.postman import Postman
from judge.game.throttle_notice import tell_locked, who
from judge.store import repo_guards
from judge.store.models import PasswordFailure, Seat

# A lock-out is told to the owner at most this often: an attacker who keeps guessing
# must not make the judge flood the person it protects.
QUIET = timedelta(days=1)


@dataclass(frozen=True, slots=True)
class PasswordLimits:
    per_seat: int = 5
    per_account: int = 10
    per_message: int = 2
    window: timedelta = timedelta(hours=1)


@dataclass(slots=True)
class PasswordGuard:
    """One message's password checks: the limits, and the wrong passwords it tried."""

    limits: PasswordLimits = field(default_factory=PasswordLimits)
    wrong: int = 0


def check_password(session: Session, now: datetime, postman: Postman, guard: PasswordGuard,
                   seats: Sequence[Seat], password: str, *, sender: str,
                   zone: str = "UTC") -> Seat | None:
    """The seat among `seats` whose password `password` is; None when it is none of
    theirs. GameError when the password may not be checked.

    `seats` share one SIGNON letter (a game's observers, say): a wrong guess is one guess
    at the letter, so it is stored once, against the first seat, the letter's bucket.
    Stored against each, one guess would count many times against every holder's account
    and lock seats of theirs nobody guessed at."""
    if guard.wrong >= guard.limits.per_message:
        raise GameError(f"not checked: this message has had {guard.wrong} wrong passwords, "
                        "the most one message may try; send this SIGNON again in a new "
                        "message, or reply to the judge's mail for the seat")
    if not seats:
        guard.wrong += 1
        return None
    bucket = seats[0]
    if not _unlocked(session, now, guard.limits, bucket, sender, zone):
        guard.wrong += 1
        _fail(session, now, postman, guard.limits, bucket, sender)
        return None
    for seat in seats:
        if verify_password(password, seat.password_hash):
            return seat
    guard.wrong += 1
    _fail(session, now, postman, guard.limits, bucket, sender)
    return None


def _unlocked(session: Session, now: datetime, limits: PasswordLimits, seat: Seat,
              sender: str, zone: str) -> bool:
    """Whether the seat's password may be checked now. GameError, saying until when, when
    it is locked by its own failures, or by its account's and the sender is the account's;
    False (a wrong guess, unchecked) when locked by the account's other seats' failures
    for anyone else: that lock-out, caught by guesses at another seat, would tell him that
    one person holds both (who plays is a secret where a game hides its players' names,
    `Variant.names_hidden`; tests/secrecy/test_adversary_account_lock.py). The owner is
    mailed either way."""
    until = locked_until(session, now, limits, seat)
    if until is None:
        return True
    if _seat_locked(session, now, limits, seat) or \
            sender in {a.address for a in seat.account.addresses}:
        raise GameError(_locked_text(seat, until, zone))
    return False


def locked_until(session: Session, now: datetime, limits: PasswordLimits,
                 seat: Seat) -> datetime | None:
    """When the seat's password may be checked again, or None if it may be now."""
    by_seat, by_account = repo_guards.failure_times(session, now - limits.window,
                                                    seat_id=seat.id, account_id=seat.account_id)
    ends = [_end_at(by_seat, limits.per_seat, limits.window),
            _end_at(by_account, limits.per_account, limits.window)]
    until = max((end for end in ends if end is not None), default=None)
    return until if until is not None and until > now else None


def _seat_locked(session: Session, now: datetime, limits: PasswordLimits, seat: Seat) -> bool:
    """Whether the seat's own failures lock it, whatever its account's other seats had."""
    failures = repo_guards.failures_since(session, now - limits.window, seat_id=seat.id)
    end = _end(failures, limits.per_seat, limits.window)
    return end is not None and end > now


def _end(failures: list[PasswordFailure], limit: int, window: timedelta) -> datetime | None:
    """With `limit` or more failures in the window, the moment the oldest of the last
    `limit` leaves it (a sliding window: at most `limit` tries in any `window`)."""
    return _end_at([failure.at for failure in failures[-limit:]], limit, window)


def _end_at(times: list[datetime], limit: int, window: timedelta) -> datetime | None:
    """`_end` of the failures at these moments, oldest first."""
    return times[-limit] + window if len(times) >= limit else None


def _fail(session: Session, now: datetime, postman: Postman, limits: PasswordLimits,
          seat: Seat, sender: str) -> None:
    failure = repo_guards.add_failure(session, seat_id=seat.id, account_id=seat.account_id,
                                      sender=sender, at=now)
    until = locked_until(session, now, limits, seat)
    if until is None:
        return
    since = now - limits.window
    by_account = len(repo_guards.failures_since(session, since, account_id=seat.account_id))
    scope = "account" if by_account >= limits.per_account else "seat"
    if _told_lately(session, now, seat, scope):
        return
    failure.told = scope
    key = {"account_id": seat.account_id} if scope == "account" else {"seat_id": seat.id}
    tried = repo_guards.failures_since(session, since, **key)
    tell_locked(session, postman, seat, scope, tried, until)


def _told_lately(session: Session, now: datetime, seat: Seat, scope: str) -> bool:
    """Whether the owner already knows: a notice for this seat, or one for the whole
    account, or (for the account) any notice at all, within QUIET."""
    since = now - QUIET
    if repo_guards.told_since(session, since, told="account", account_id=seat.account_id):
        return True
    if scope == "account":
        return repo_guards.told_since(session, since, account_id=seat.account_id)
    return repo_guards.told_since(session, since, seat_id=seat.id)


def _locked_text(seat: Seat, until: datetime, zone: str) -> str:
    return (f"not checked: too many wrong passwords were tried for {who(seat)} in "
            f"{seat.game.name} within the last hour, so SIGNON for it is refused without "
            f"checking the password until {format_deadline(until, zone)}, even with the "
            "right one. Meanwhile, reply to the judge's mail for the seat: its reply "
            "address acts for the seat without SIGNON")
