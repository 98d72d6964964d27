"""Telling a seat's owner that password guessing locked SIGNON for it: what happened,
from which addresses, and how to go on playing meanwhile."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.orm import Session

from judge.game.clock import format_deadline
from judge.game.games import primary_address, signon_letter
from judge.game.postman import Postman
from judge.store.models import PasswordFailure, Seat, SeatRole

# Enough addresses to show a pattern; a flood from fresh addresses is summed up.
SHOWN = 10


def who(seat: Seat) -> str:
    if seat.role == SeatRole.PLAYER and seat.power:
        return seat.power.title()
    return seat.role.value


def tell_locked(session: Session, postman: Postman, seat: Seat, scope: str,
                tried: Sequence[PasswordFailure], until: datetime) -> None:
    """Mail the owner; its reply address is the seat's, so answering it acts for it."""
    account = seat.account
    what = (f"your seats on this judge (the last one {who(seat)} in {seat.game.name})"
            if scope == "account" else f"your seat {who(seat)} in {seat.game.name}")
    refused = ("SIGNON for every seat of yours" if scope == "account"
               else "SIGNON for this seat")
    body = (f"{len(tried)} wrong passwords were tried for {what} within the last hour, in "
            f"messages whose From said: {_senders(tried)}.\n\n"
            f"{refused} is refused without checking the password until "
            f"{format_deadline(until, account.time_zone)}, even with the right password.\n\n"
            "You can still play meanwhile: reply to this mail, or to any mail the judge "
            f"sent you for {who(seat)} in {seat.game.name}. Its reply address acts for the "
            "seat with no SIGNON.\n\n"
            "If your password may be known or easy to guess, change it: reply to this mail "
            "with the line SET PASSWORD <new password>. Later messages then sign on with "
            f"SIGNON {signon_letter(seat)}{seat.game.name} <new password>.\n\n"
            "You are told of this at most once a day.\n")
    postman.send(session, to=[primary_address(account)],
                 subject=f"{seat.game.name}: wrong passwords tried for {who(seat)}",
                 body=body, seat=seat)


def _senders(tried: Sequence[PasswordFailure]) -> str:
    senders = list(dict.fromkeys(failure.sender or "(none)" for failure in tried))
    more = len(senders) - SHOWN
    shown = ", ".join(senders[:SHOWN])
    return f"{shown} and {more} more" if more > 0 else shown
