"""The context a message's commands run in: one unit of work, the sender, what SIGNON chose.

One JudgeContext per inbound message. Commands read and change it as the message goes
on: REGISTER sets `account`, SIGNON sets `seat`, PHASE sets `phase`, BECOME sets `power`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy.orm import Session

from judge.attachment import Attachment
from judge.commands.registry import CommandRegistry, Context
from judge.commands.reply import Reply
from judge.engine.types import Phase
from judge.game.clock import Clock
from judge.game.errors import GameError
from judge.game.postman import Postman
from judge.game.throttle import PasswordGuard
from judge.store.models import Account, Game, InboxMessage, Seat, SeatRole


@dataclass
class JudgeContext:
    registry: CommandRegistry
    session: Session
    clock: Clock
    postman: Postman
    sender: str  # the From address: who the judge believes wrote the message
    inbox: InboxMessage | None = None
    account: Account | None = None
    seat: Seat | None = None
    _phase: Phase | None = None  # orders after PHASE go to this future phase
    power: str | None = None  # a master's BECOME: the power the master acts for
    rng: random.Random = field(default_factory=random.Random)
    # Every seat this message acted for (SIGNON or a reply token), for the owners' notice.
    signed_on: list[Seat] = field(default_factory=list)
    # Seats whose owner this message has told already (judge.mail.inbound.identity skips them).
    told: set[int] = field(default_factory=set)
    # The password throttle's limits and this message's wrong passwords so far.
    password_guard: PasswordGuard = field(default_factory=PasswordGuard)
    # Work to do once every command of the message has run (process a turn whose
    # orders are now complete), in the same transaction.
    after: list[Callable[[JudgeContext, Reply], None]] = field(default_factory=list)
    # Files the reply carries (MAP's picture), after its text.
    files: list[Attachment] = field(default_factory=list)
    # The text of the first text file the message carries, read when a command asks for
    # it (SET MAP's map sent as a file); the mail layer sets it.
    attached: Callable[[], str | None] = lambda: None

    # A PHASE line that did not read, until the next PHASE or SIGNON: the orders after it
    # were meant for another phase than the open one, and are not taken (newcomer 25:
    # after `PHASE Fal 1901` they replaced the Spring orders without a word).
    unread_phase: str = ""

    @property
    def phase(self) -> Phase | None:
        return self._phase

    @phase.setter
    def phase(self, value: Phase | None) -> None:
        self._phase, self.unread_phase = value, ""

    @property
    def zone(self) -> str:
        return self.account.time_zone if self.account is not None else "UTC"

    @property
    def game(self) -> Game | None:
        return self.seat.game if self.seat is not None else None


def judge_context(ctx: Context) -> JudgeContext:
    """The full context behind the Context protocol (commands of a stateful family)."""
    if not isinstance(ctx, JudgeContext):
        raise TypeError("this command needs a JudgeContext")
    return ctx


def need_account(ctx: JudgeContext) -> Account:
    if ctx.account is None:
        raise GameError(f"{ctx.sender} is not registered on this judge; send REGISTER "
                        "(see HELP REGISTER) first")
    return ctx.account


def need_seat(ctx: JudgeContext) -> Seat:
    if ctx.seat is None:
        raise GameError("sign on first: SIGNON <power initial><game> <password>, "
                        "e.g. SIGNON Falpha secret")
    return ctx.seat


def need_master(ctx: JudgeContext) -> Seat:
    seat = need_seat(ctx)
    if seat.role != SeatRole.MASTER:
        raise GameError(f"only the master of {seat.game.name} may do this "
                        "(SIGNON M<game> <password> as master)")
    return seat


def acting_power(ctx: JudgeContext) -> str:
    """The power whose orders and votes this message gives (a player's, or BECOME's)."""
    seat = need_seat(ctx)
    if seat.role == SeatRole.MASTER and ctx.power is not None:
        return ctx.power
    if seat.role != SeatRole.PLAYER or seat.power is None:
        raise GameError("only a player with a power can do this (a master can BECOME "
                        "a power first)")
    return seat.power
