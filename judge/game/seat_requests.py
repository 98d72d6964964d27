"""Seats in a game that hides who plays wait for the account's mailbox: ask, then confirm.

Where a game keeps its players' names from one another (`Variant.names_hidden`: rn45 F2's
survival game), whether an account plays there is a secret. A JOIN or OBSERVE forged in
that account's name (From is only a claim, RFC 5322) was refused where it played and
seated it, with the forger's password, where it did not: the forger then signed on to
that seat, or read LIST's count of players, and knew (adv8). So in such a game JOIN and
OBSERVE take no seat by themselves: the request is stored with a one-time code
(judge.game.codes), mailed to the account's own mailbox (mail_seat_code, below), and
the seat is taken when the code comes back (CONFIRM <code>). Until then nothing anyone
else can read changes.

The forger chooses the request's password and preference list, so neither is kept
(fix 26: a plain CONFIRM kept them, and the forger then signed on with his password):
the code goes in a mail of its own to the account's address (mail_seat_code), which
shows what the request asked and whose address sent it; CONFIRM <code> <password>
[<preferences>] takes the seat with the password and preferences the owner writes
there, and a plain CONFIRM <code> (or a plain reply to that mail, whose reply address
holds the code) with a password the judge chooses, told only in the answer to it. The
forger may still replace the owner's request or use up the hourly limit, so past the
limit a game with no working code still gets one. A request refused because the account
already has the seat is stored all the same, so that the numbers of codes, counted for
every account, do not tell (adv9).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from judge.game.account_requests import CONFIRM_WITHIN
from judge.game.clock import format_deadline
from judge.game.codes import CONFIRM, Code, digest, matches, new_secret, parse_code
from judge.game.errors import GameError
from judge.game.games import game_variant, primary_address
from judge.game.lifecycle import check_join_open, check_observe, refuse_a_second_seat
from judge.game.passwords import hash_password
from judge.game.postman import Postman
from judge.game.redeem import close, redeem
from judge.store import repo_guards
from judge.store.models import (
    Account,
    AccountRequest,
    Game,
    GameState,
    RequestKind,
    RequestState,
)
from judge.variant import power_name

SEAT_KINDS = frozenset({RequestKind.JOIN, RequestKind.OBSERVE})
# Each request is answered to the account's own mailbox: a forger repeating one must
# not flood it.
REQUESTS_PER_HOUR = 5
HOUR = timedelta(hours=1)


def seats_wait_for_mailbox(game: Game) -> bool:
    """Whether a JOIN or OBSERVE of `game` waits for its account's mailbox to confirm:
    while the game keeps who plays secret (once it is over, LIST names its players)."""
    return game_variant(game).names_hidden and game.state != GameState.FINISHED


def _nothing(game: Game, account: Account) -> None:
    """OBSERVE asks nothing everyone may know: any game may be observed."""


# What a seat request checks: first what everyone may know (refused with nothing stored),
# then what only the account's mailbox may (whether it already plays or observes).
_OPEN: dict[RequestKind, Callable[[Game, Account], None]] = {
    RequestKind.JOIN: check_join_open, RequestKind.OBSERVE: _nothing}
_OWN: dict[RequestKind, Callable[[Game, Account], None]] = {
    RequestKind.JOIN: refuse_a_second_seat, RequestKind.OBSERVE: check_observe}


def request_seat(session: Session, now: datetime, account: Account, game: Game,
                 kind: RequestKind, password: str, preferences: list[str], *,
                 sender: str, inbox_id: int | None) -> Code:
    """Store the seat asked for, as waiting; the code that takes it. An older request for
    the same seat in the same game is replaced (its code stops working).

    One refused because the account already plays or observes there is stored and
    replaces all the same, with a code nobody is given, and then refused: a code's number
    is its request's, counted for every account, so a forger who forged the request and
    then asked for a seat of his own read in his code's number whether it had been stored,
    that is whether the account plays (adv9); and the hourly limit below reads the
    requests stored."""
    refused = _refusal(_OWN[kind], game, account)  # told first: he reads his own mail
    closed = _refusal(_OPEN[kind], game, account)
    if closed is not None:
        raise refused or closed
    older = [r for r in repo_guards.pending_requests(session, account.id, kind)
             if r.game_id == game.id]
    limit = _over_limit(session, now, account, game, kind, older)
    if limit is not None:
        raise refused or limit  # what the account's own mailbox is told: it has the seat
    secret = new_secret()
    request = repo_guards.add_request(session, AccountRequest(
        account_id=account.id, kind=kind, code_digest=digest(secret), requested_by=sender,
        inbox_id=inbox_id, created_at=now, expires_at=now + CONFIRM_WITHIN,
        game_id=game.id, password_hash=hash_password(password),
        preferences=list(preferences)))
    for request_before in older:
        close(request_before, RequestState.REPLACED, now)
    if refused is not None:
        raise refused  # its writes stand: a refused line is not rolled back
    return Code(CONFIRM, request.id, secret)


def _over_limit(session: Session, now: datetime, account: Account, game: Game,
                kind: RequestKind, older: list[AccountRequest]) -> GameError | None:
    """Why no more requests are taken now, if none is. Past the limit a game with no
    working code yet still gets one: forged requests for other games must not keep the
    owner out of this one (adv9). Each game adds at most one mail per CONFIRM_WITHIN, so
    the mailbox is not flooded all the same."""
    recent = repo_guards.requests_since(session, account.id, kind, now - HOUR)
    if recent < REQUESTS_PER_HOUR or not any(r.expires_at > now for r in older):
        return None
    return GameError(f"this account has asked {recent} times in the last hour to "
                     f"{kind.value} a game, each answered with a code; no more are taken "
                     f"for now. The code in the newest mail for {game.name} still "
                     "works: CONFIRM <code> <password> takes the seat with a password "
                     "of your own, whoever asked. Or send it again in an hour")


def _refusal(check: Callable[[Game, Account], None], game: Game,
             account: Account) -> GameError | None:
    try:
        check(game, account)
    except GameError as error:
        return error
    return None


def seat_request(session: Session, now: datetime, text: str) -> AccountRequest | None:
    """The pending seat request `text` is the code of; None when it is no seat's code (a
    change to an account's: CONFIRM does that); GameError when it no longer works."""
    code = parse_code(text)
    if code is None or code.letter != CONFIRM:
        return None
    request = repo_guards.request_by_id(session, code.request_id)
    # A wrong secret is no seat's code either: CONFIRM then answers as for a number that
    # is no request's (with a password after it, its usage), whatever the number's row is
    # (adv9: else the answer told which numbers were seat requests).
    if request is None or request.kind not in SEAT_KINDS \
            or not matches(code, request.code_digest):
        return None
    return redeem(session, now, text, CONFIRM, SEAT_KINDS)


def done(request: AccountRequest, now: datetime) -> None:
    close(request, RequestState.DONE, now)


def mail_seat_code(session: Session, postman: Postman, request: AccountRequest, code: Code,
                   game: Game) -> None:
    """The code, to where the account's mail goes (not the request's From, which may be
    an older address of the account): what was asked, by which address, how to confirm.
    Its reply address holds the code, so a plain reply confirms (judge.mail.inbound)."""
    account = request.account
    verb = "join" if request.kind == RequestKind.JOIN else "observe"
    wished = [power_name(p) for p in request.preferences or []]
    listed = f", listing the powers {', '.join(wished)}" if wished else ""
    after = " and after it the powers you prefer, if you like" \
        if request.kind == RequestKind.JOIN else ""
    body = (f"A message from {request.requested_by}, received "
            f"{format_deadline(request.created_at, account.time_zone)}, asked to {verb} "
            f"{game.name} for your account ({account.name}){listed}. {game.name} keeps who "
            "plays from its players, so the seat is taken only when this mailbox says so.\n\n"
            "Anyone may write to the judge in your name, so neither the password nor the "
            "powers that message gave are kept. To take the seat, send the judge, from any "
            f"address, the line\n\n  CONFIRM {code} <password>\n\nwith the password you "
            f"will sign on with{after}. Or reply to this mail with no text of your own: the "
            "judge then chooses the password and tells it only in its answer.\n\n"
            f"Do so before {format_deadline(request.expires_at, account.time_zone)}. If you "
            "did not ask for this, do nothing: the request lapses.\n")
    postman.send(session, to=[primary_address(account)],
                 subject=f"Confirm your seat in {game.name}", body=body, reply_token=str(code))
