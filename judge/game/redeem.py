"""Turning a one-time code back into its request: found, matching, pending, not expired.

Every refusal says what to do next; a code that matches nothing gets the same words
whether its number exists or not, so guessing learns nothing.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from judge.game.clock import format_deadline
from judge.game.codes import CONFIRM, UNDO, matches, parse_code
from judge.game.errors import GameError
from judge.store import repo_guards
from judge.store.models import AccountRequest, RequestKind, RequestState

_COMMAND = {CONFIRM: "CONFIRM", UNDO: "UNDO"}
_EXAMPLE = {CONFIRM: "c12-k3v9q2m7a1b4c8d6", UNDO: "u13-k3v9q2m7a1b4c8d6"}
_CLOSED = {
    RequestState.DONE: "this code has been used already, and each code works once",
    RequestState.REPLACED: "a newer request replaced the one this code was for; use the "
                           "code in the newest mail from the judge",
    RequestState.CANCELLED: "an UNDO took the account back since, and cancelled the request "
                            "this code was for; ask again if you still want the change",
}


def redeem(session: Session, now: datetime, text: str, letter: str,
           kinds: frozenset[RequestKind]) -> AccountRequest:
    """The pending request `text` is the code of; GameError saying why not otherwise."""
    command = _COMMAND[letter]
    code = parse_code(text)
    if code is not None and code.letter != letter:
        other = _COMMAND[code.letter]
        raise GameError(f"{text.strip()} is a code for {other}, not {command}; write "
                        f"{other} {text.strip()}")
    if code is None:
        raise GameError(f"{text.strip()!r} is not a code from the judge; copy it from the "
                        f"judge's mail, e.g. {command} {_EXAMPLE[letter]}")
    request = repo_guards.request_by_id(session, code.request_id)
    if request is None or request.kind not in kinds or not matches(code, request.code_digest):
        raise GameError(f"no request has the code {text.strip()}; check it against the "
                        "judge's mail, or simply reply to that mail")
    if request.state != RequestState.PENDING:
        raise GameError(_CLOSED.get(request.state, "this code no longer works"))
    if request.expires_at <= now:
        when = format_deadline(request.expires_at, request.account.time_zone)
        again = ("send the change again to get a new code" if letter == CONFIRM
                 else "write to the judge's operator if the change was not yours")
        raise GameError(f"this code expired on {when}; {again}")
    return request


def close(request: AccountRequest, state: RequestState, now: datetime) -> None:
    request.state, request.closed_at = state, now
