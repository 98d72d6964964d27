"""Who a message speaks for: reply tokens, and telling owners when another address acts.

From is a claim, not proof (RFC 5322 lets anyone write any From). A seat is acted for
only with its password (SIGNON) or its reply token (the +token address of the judge's
mail to that seat). Either may come from an address the seat's owner never registered;
the owner's registered address is then told, so a leaked password or a forwarded report
cannot be used quietly.

Neither proves the mailbox an account's mail goes to: whoever knows a seat's password gets
replies carrying its token. Changes to an account therefore wait for a one-time code
mailed to that mailbox (judge.game.account_requests); a message to the code's address
(judge+c<id>-<code>@, judge+u<id>-<code>@) confirms or undoes, as CONFIRM or UNDO would.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.orm import Session

from judge.commands.context import JudgeContext
from judge.commands.items import Invocation
from judge.config import Settings
from judge.game.codes import CONFIRM
from judge.game.games import primary_address, signon_letter
from judge.game.throttle import PasswordGuard, PasswordLimits
from judge.mail.reply_tokens import (
    parse_press_token,
    parse_request_token,
    parse_token,
    press_id_of,
    press_token_matches,
    token_matches,
)
from judge.store import repo, repo_games
from judge.store.models import Account, Press, Seat, SeatStatus

_LIVE = (SeatStatus.ACTIVE, SeatStatus.CIVIL_DISORDER)
STALE_TOKEN = ("The address you replied to belongs to a seat whose password has changed "
               "since, or that is no longer played; nothing was done as that seat. Sign on "
               "with SIGNON <power initial><game> <password> at the top of your message.")


def token_seat(ctx: JudgeContext, recipients: Iterable[str],
               judge_address: str) -> Seat | str | None:
    """The seat a valid token among a message's recipients (Inbound.recipients) names;
    STALE_TOKEN for a token that no longer holds; None when the message carries no token."""
    for address in recipients:
        parsed = parse_token(address, judge_address)
        if parsed is None:
            continue
        seat = repo.seat_by_id(ctx.session, parsed[0])
        if seat is not None and seat.status in _LIVE and token_matches(seat, parsed[1]):
            return seat
        return STALE_TOKEN
    return None


def sender_account(session: Session, sender: str) -> Account | None:
    """The account `sender`'s address belongs to, found once per worker transaction
    (issue #18: a batch holds several messages from each of a game's players)."""
    return repo.account_by_address_once(session, repo.normalise_address(sender))


def signed_on_elsewhere(ctx: JudgeContext) -> list[Seat]:
    """Seats this message acted for from any address but the one their owner's mail goes
    to. An older address of the owner's counts as elsewhere: it may have passed to someone
    else (a former employer's mailbox), and the owner reads only the newest."""
    sender = repo.normalise_address(ctx.sender)
    return [seat for seat in dict.fromkeys(ctx.signed_on)
            if sender != primary_address(seat.account) and seat.id not in ctx.told]


def code_invocations(recipients: Iterable[str], judge_address: str,
                     body: str) -> tuple[Invocation, ...]:
    """A message sent to a confirmation or undo address (judge+c12-...@, judge+u13-...@)
    does what CONFIRM or UNDO with that code would; shown in the reply as line 0, before
    the message's own lines. The code proves the mailbox it was mailed to, whatever the
    From says. A reply to a confirmation that has text of its own ("I never asked for
    this!") may not mean yes, so it confirms nothing and says how to."""
    for address in recipients:
        code = parse_request_token(address, judge_address)
        if code is None:
            continue
        name = "CONFIRM" if code.letter == CONFIRM else "UNDO"
        doubt = None
        if code.letter == CONFIRM and body.strip():
            doubt = ("nothing is confirmed: your message has text of its own, so it may not "
                     "mean yes. To confirm, reply to the judge's mail with no text at all, "
                     f"or send the line CONFIRM {code}")
        return (Invocation(name=name, line_no=0, args=(str(code),), error=doubt,
                           text=f"{name} {code} (the address you wrote to)"),)
    return ()


def password_guard(settings: Settings) -> PasswordGuard:
    """A message's password checks, under the operator's limits."""
    return PasswordGuard(PasswordLimits(per_seat=settings.password_tries_per_seat,
                                        per_account=settings.password_tries_per_account,
                                        per_message=settings.password_tries_per_message))


def tell_owners(ctx: JudgeContext, subject: str) -> None:
    """Mail each such seat's owner what happened and what to do if it was not them."""
    for seat in signed_on_elsewhere(ctx):
        who = seat.power.title() if seat.power else seat.role.value
        body = (f"A message from {ctx.sender} (subject: {subject!r}) acted for your seat "
                f"({who} in {seat.game.name}), proved by your password or by the reply "
                "address of the judge's mail to you.\n\n"
                "If that was you, there is nothing to do. If not, change your password at "
                f"once: SIGNON {signon_letter(seat)}{seat.game.name} <password>, then SET PASSWORD "
                "<new password>. That also renews the reply address, so old ones stop "
                "working.\n")
        ctx.postman.send(ctx.session, to=[primary_address(seat.account)],
                         subject=f"{seat.game.name}: another address acted for you",
                         body=body, seat=seat)



STALE_PRESS_TOKEN = (
    "The address you replied to answers a piece of press for a seat whose password has "
    "changed since, or that is no longer played, or it was never the judge's; nothing "
    "was sent. To write press, sign on and use PRESS TO <powers> … ENDPRESS.")


def press_answered(ctx: JudgeContext, recipients: Iterable[str],
                   judge_address: str) -> tuple[Press, Seat] | str | None:
    """The press a message replies to and the seat that received it, when a recipient is
    a press-reply token (judge.mail.reply_tokens); STALE_PRESS_TOKEN when the token does not
    hold; None when the message carries none."""
    for address in recipients:
        parsed = parse_press_token(address, judge_address)
        if parsed is None:
            continue
        number, seat_id, mac = parsed
        seat = repo.seat_by_id(ctx.session, seat_id)
        if seat is None:
            return STALE_PRESS_TOKEN
        press_id = press_id_of(seat, number)
        press = repo_games.press_by_id(ctx.session, press_id)
        if seat.status not in _LIVE or press is None \
                or press.game_id != seat.game_id or not press_token_matches(seat, press_id, mac):
            return STALE_PRESS_TOKEN
        return press, seat
    return None
