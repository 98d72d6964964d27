"""Undoing an address change from the address mail went to before it.

A confirmed change can still be a stolen one (a mailbox read by someone else for a day).
The address that loses the judge's mail is told, with an undo code good for UNDO_WITHIN:
undo brings the mail back, takes the new address (and any added after it) off the
account, and renews every seat's secret, so the reply addresses the other mailbox saw
stop working.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from judge.game.account_addresses import check_free, make_primary, remove_from
from judge.game.clock import Clock, format_deadline
from judge.game.codes import UNDO, Code, digest, new_secret
from judge.game.games import signon_letter
from judge.game.lifecycle import renew_secret
from judge.game.postman import Postman
from judge.game.redeem import close, redeem
from judge.store import repo, repo_guards
from judge.store.models import (
    Account,
    AccountRequest,
    RequestKind,
    RequestState,
    SeatStatus,
)

UNDO_WITHIN = timedelta(days=14)
LIVE = (SeatStatus.ACTIVE, SeatStatus.CIVIL_DISORDER)


def offer_undo(session: Session, now: datetime, postman: Postman, account: Account,
               old: str, new: str, confirmed_by: str) -> None:
    """Tell `old` that the mail now goes to `new`, with the code that takes it back."""
    secret = new_secret()
    request = repo_guards.add_request(session, AccountRequest(
        account_id=account.id, kind=RequestKind.UNDO, address=new, old_address=old,
        code_digest=digest(secret), requested_by=confirmed_by, created_at=now,
        expires_at=now + UNDO_WITHIN))
    code = Code(UNDO, request.id, secret)
    body = (f"The judge's mail for your account ({account.name}) now goes to {new} instead "
            f"of this address; the change was confirmed by a message from {confirmed_by}.\n\n"
            "If you made this change, there is nothing to do.\n\n"
            "If not, undo it: reply to this mail (with or without text), or send the "
            f"judge a message from any address with the line\n\n  UNDO {code}\n\n"
            f"before {format_deadline(request.expires_at, account.time_zone)}. The mail "
            f"then comes back here, {new} is taken off your account, and the reply "
            "addresses of the judge's mail for your seats are renewed. Whoever made the "
            "change may also know your seats' passwords: change them too.\n")
    postman.send(session, to=[old], subject="Your address on the judge changed", body=body,
                 reply_token=str(code))


def undo(session: Session, clock: Clock, postman: Postman, text: str,
         sender: str) -> list[str]:
    """Take the account back to the address the undo code `text` was mailed to."""
    now = clock.now()
    request = redeem(session, now, text, UNDO, frozenset({RequestKind.UNDO}))
    account = request.account
    old, new = request.old_address, request.address
    assert old is not None and new is not None  # an undo always records both
    check_free(session, old, account)
    removed = remove_from(session, account, new, keep=old)
    make_primary(session, account, old)
    renewed = _renew_seats(session, account)
    _cancel_after(session, account, request, now)
    close(request, RequestState.DONE, now)
    for address in removed:
        postman.send(session, to=[address], subject="Your address on the judge was removed",
                     body=f"A message from {sender} undid the change that sent the judge's "
                          f"mail for {account.name} to {new}: the mail goes back to the "
                          f"address it went to before, and {address} is no longer on the "
                          "account.\n")
    return [f"Undone: the judge's mail for {account.name} goes to {old} again; "
            f"{', '.join(removed) or new} is no longer on the account.",
            *renewed]


def _renew_seats(session: Session, account: Account) -> list[str]:
    seats = repo.seats_of_account(session, account)
    for seat in seats:
        renew_secret(seat)
    seats = [s for s in seats if s.status in LIVE]
    if not seats:
        return []
    signons = ", ".join(f"SIGNON {signon_letter(s)}{s.game.name} <password>" for s in seats)
    return [f"The reply addresses of your {len(seats)} seat(s) are renewed: older judge mail "
            "can no longer be answered to act for them.",
            f"Change the seats' passwords as well ({signons}, then SET PASSWORD <new one>), "
            "as whoever changed the address may know them."]


def _cancel_after(session: Session, account: Account, request: AccountRequest,
                  now: datetime) -> None:
    """Every change still waiting, and every undo offered after this one (to addresses
    now removed), stops working."""
    waiting = [*repo_guards.pending_requests(session, account.id, RequestKind.CHANGE),
               *repo_guards.pending_requests(session, account.id, RequestKind.VERIFY),
               *(r for r in repo_guards.pending_requests(session, account.id, RequestKind.UNDO)
                 if r.id > request.id)]
    for other in waiting:
        close(other, RequestState.CANCELLED, now)
