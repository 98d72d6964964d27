"""A new address proves itself before any mail or seat goes with it.

The account's mailbox confirming an address change (judge.game.account_requests) proves
only that the owner wants it, not that the new address is theirs. Were it taken on that
word, Mallory could put a stranger's address on her account: the stranger's first
message to the judge would then act as her account (its JOIN her seat), and an UNDO
would strip the stranger of it. So the new address gets a code of its own, and only when
that comes back (a reply with no text, or CONFIRM <code>) does it join the account and
take the mail. Until then it is on no account, and mail from it is nobody's.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from judge.game.account_addresses import check_free, make_primary
from judge.game.account_undo import offer_undo
from judge.game.clock import format_deadline
from judge.game.codes import CONFIRM, Code, digest, new_secret
from judge.game.errors import GameError
from judge.game.games import primary_address
from judge.game.postman import Postman
from judge.game.redeem import close
from judge.store import repo_guards
from judge.store.models import Account, AccountRequest, RequestKind, RequestState


def needs_proof(account: Account, address: str) -> bool:
    """An address already on the account is recognised as its own; any other is not."""
    return all(row.address != address for row in account.addresses)


def ask_new_address(session: Session, now: datetime, postman: Postman, account: Account,
                    address: str, *, expires_at: datetime, asked_by: str) -> list[str]:
    """Mail `address` a code of its own; an older such request stops working."""
    for older in repo_guards.pending_requests(session, account.id, RequestKind.VERIFY):
        close(older, RequestState.REPLACED, now)
    secret = new_secret()
    request = repo_guards.add_request(session, AccountRequest(
        account_id=account.id, kind=RequestKind.VERIFY, address=address,
        old_address=primary_address(account), code_digest=digest(secret),
        requested_by=asked_by, created_at=now, expires_at=expires_at))
    _mail_code(session, postman, request, Code(CONFIRM, request.id, secret))
    return [f"The judge has now mailed a code to {address}: the mail goes there only once "
            "that address proves itself by sending the code back (a reply to that mail "
            "with no text, or the line CONFIRM <code>) before "
            f"{format_deadline(expires_at, account.time_zone)}. Until then {address} is "
            "not on your account."]


def _mail_code(session: Session, postman: Postman, request: AccountRequest,
               code: Code) -> None:
    account = request.account
    body = (f"The judge has been asked to send the mail of its account {account.name!r} "
            "to this address, and that account's own mailbox agreed. Nothing has changed "
            "yet: this address is not on the account until it answers.\n\n"
            "If this is your account, reply to this mail with no text of your own, or send "
            f"the judge a message with the line\n\n  CONFIRM {code}\n\nbefore "
            f"{format_deadline(request.expires_at, account.time_zone)}.\n\n"
            "If you know nothing of it, do nothing: the request lapses, and mail you send "
            "the judge stays yours.\n")
    postman.send(session, to=[request.address or ""],
                 subject="Confirm this address for your account", body=body,
                 reply_token=str(code))


def finish(session: Session, now: datetime, postman: Postman, request: AccountRequest,
           sender: str) -> list[str]:
    """The new address answered: it joins the account and the mail goes there."""
    account, new, old = request.account, request.address, request.old_address
    assert new is not None and old is not None  # a verification records both
    if primary_address(account) != old:
        raise GameError(f"the account's mail no longer goes to {old}, as when this code "
                        "was mailed; send SET ADDRESS again from the account")
    close(request, RequestState.DONE, now)
    return move_mail(session, now, postman, account, new, sender)


def move_mail(session: Session, now: datetime, postman: Postman, account: Account,
              new: str, sender: str) -> list[str]:
    """`new` (proved, or already the account's) takes the mail; the old address is told,
    with the code that takes it back."""
    old = primary_address(account)
    check_free(session, new, account)
    make_primary(session, account, new)
    offer_undo(session, now, postman, account, old, new, sender)
    return [f"Confirmed: mail now goes to: {new}.",
            f"{old}, where the judge's mail went until now, is told of the change and can "
            "undo it."]
