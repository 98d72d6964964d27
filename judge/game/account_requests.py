"""Changes to an account wait for its mailbox's word: ask, then confirm.

From is a claim anyone can write (RFC 5322 puts no proof in it), so a message that asks
to change an account -- where its mail goes, its time zone, its name -- changes nothing by
itself. The request is stored with a one-time code (judge.game.codes), the code is mailed
to the address the account's mail goes to now, and the change is made when the code comes
back: a reply to that mail (its reply address holds the code) or CONFIRM <code> from any
address. Whoever forged the From never sees the code, so nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from judge.game.account_addresses import check_free
from judge.game.account_verify import ask_new_address, finish, move_mail, needs_proof
from judge.game.clock import Clock, format_deadline
from judge.game.codes import CONFIRM, Code, digest, new_secret
from judge.game.errors import GameError
from judge.game.games import primary_address
from judge.game.postman import Postman
from judge.game.redeem import close, redeem
from judge.store import repo_guards
from judge.store.models import Account, AccountRequest, RequestKind, RequestState

CONFIRM_WITHIN = timedelta(hours=72)
# Each request mails the account's owner; a forger repeating one must not flood them.
REQUESTS_PER_HOUR = 5
HOUR = timedelta(hours=1)
_CONFIRMABLE = frozenset({RequestKind.CHANGE, RequestKind.VERIFY})


@dataclass(frozen=True, slots=True)
class Change:
    """What a request asks for; None leaves that part of the account as it is."""

    name: str | None = None
    zone: str | None = None
    address: str | None = None

    def parts(self) -> frozenset[str]:
        return frozenset(f.name for f in fields(self) if getattr(self, f.name) is not None)

    def then(self, later: Change) -> Change:
        """This change with `later`'s parts on top (two lines of one message)."""
        return replace(self, **{part: getattr(later, part) for part in later.parts()})

    def describe(self, *, done: bool = False) -> list[str]:
        """One line per part: what is asked, or (`done`) what now holds."""
        parts = (("mail now goes to" if done else "mail to go to", self.address),
                 ("time zone", self.zone), ("name", self.name))
        return [f"{text}: {value}" for text, value in parts if value is not None]


@dataclass(frozen=True, slots=True)
class Requested:
    request: AccountRequest
    # Set when this message opened the request: the confirmation to mail once the whole
    # message has run (a later line of the same message adds to the same request).
    code: Code | None


def change_of(request: AccountRequest) -> Change:
    return Change(name=request.name, zone=request.zone, address=request.address)


def request_change(session: Session, now: datetime, account: Account, change: Change, *,
                   sender: str, inbox_id: int | None) -> Requested:
    """Store `change` as waiting for confirmation; an older request for the same part of
    the account is replaced (its code stops working)."""
    pending = repo_guards.pending_requests(session, account.id, RequestKind.CHANGE)
    ours = [r for r in pending if inbox_id is not None and r.inbox_id == inbox_id]
    if ours:
        _set(ours[-1], change_of(ours[-1]).then(change))
        _replace_overlapping(pending, ours[-1], now)
        return Requested(ours[-1], None)
    _check_rate(session, now, account)
    secret = new_secret()
    request = repo_guards.add_request(session, AccountRequest(
        account_id=account.id, kind=RequestKind.CHANGE, code_digest=digest(secret),
        requested_by=sender, inbox_id=inbox_id, created_at=now,
        expires_at=now + CONFIRM_WITHIN))
    _set(request, change)
    _replace_overlapping(pending, request, now)
    return Requested(request, Code(CONFIRM, request.id, secret))


def _set(request: AccountRequest, change: Change) -> None:
    request.name, request.zone, request.address = change.name, change.zone, change.address


def _replace_overlapping(pending: list[AccountRequest], request: AccountRequest,
                         now: datetime) -> None:
    asked = change_of(request).parts()
    for older in pending:
        if older is not request and change_of(older).parts() & asked:
            close(older, RequestState.REPLACED, now)


def _check_rate(session: Session, now: datetime, account: Account) -> None:
    recent = repo_guards.requests_since(session, account.id, RequestKind.CHANGE, now - HOUR)
    if recent >= REQUESTS_PER_HOUR:
        raise GameError(f"this account has been asked to change {recent} times in the last "
                        "hour, each asking its owner to confirm; no more are taken for now. "
                        "Send the change again in an hour")


def mail_confirmation(session: Session, postman: Postman, requested: Requested) -> None:
    """The confirmation, to where the account's mail goes now: what was asked, by which
    address, and how to confirm. Its reply address holds the code."""
    request, code = requested.request, requested.code
    assert code is not None
    account = request.account
    asked = "\n".join(f"  {line}" for line in change_of(request).describe())
    when = format_deadline(request.created_at, account.time_zone)
    body = (f"A message from {request.requested_by}, received {when}, asked to change "
            f"your account ({account.name}) on this judge:\n\n{asked}\n\n"
            "Nothing has changed yet. To make the change, reply to this mail with no text "
            "of your own (a reply with text confirms nothing), or send the judge a message "
            "from any address with the line\n\n"
            f"  CONFIRM {code}\n\n"
            f"before {format_deadline(request.expires_at, account.time_zone)}.\n\n"
            "If you did not ask for this, do nothing: the request lapses. Someone may be "
            "writing to the judge in your name, but without this code they change nothing.\n")
    postman.send(session, to=[primary_address(account)],
                 subject="Confirm the change to your account", body=body,
                 reply_token=str(code))


def confirm(session: Session, clock: Clock, postman: Postman, text: str,
            sender: str) -> list[str]:
    """Make the change the code `text` was mailed for; what changed, for the reply. A new
    address is not taken yet: it must prove itself first (judge.game.account_verify)."""
    now = clock.now()
    request = redeem(session, now, text, CONFIRM, _CONFIRMABLE)
    if request.kind == RequestKind.VERIFY:
        return finish(session, now, postman, request, sender)
    account, change = request.account, change_of(request)
    if change.address is not None:
        check_free(session, change.address, account)
    account.name = change.name or account.name
    account.time_zone = change.zone or account.time_zone
    close(request, RequestState.DONE, now)
    address = change.address
    if address is None or address == primary_address(account):
        return [f"Confirmed: {'; '.join(change.describe(done=True))}."]
    rest = replace(change, address=None).describe(done=True)
    lines = [f"Confirmed: {'; '.join(rest)}."] if rest else []
    if needs_proof(account, address):
        return lines + ask_new_address(session, now, postman, account, address,
                                       expires_at=now + CONFIRM_WITHIN,
                                       asked_by=request.requested_by)
    return lines + move_mail(session, now, postman, account, address, sender)
