"""SIGNON: which seat the rest of the message speaks for, proved by the seat's password.

`SIGNON Falpha secret` (France in game alpha), `SIGNON Malpha secret` (its master),
`SIGNON Oalpha secret` (an observer), `SIGNON ?alpha secret` (join forming game alpha).
"""

from __future__ import annotations

from judge.commands.context import JudgeContext, judge_context, need_account
from judge.commands.items import CommandResult, Invocation
from judge.commands.registry import Command, CommandRegistry, Context
from judge.commands.seat_requests import ask_for_seat
from judge.commands.seating import start_if_full
from judge.game.errors import GameError
from judge.game.games import find_game, game_variant, seats_of
from judge.game.lifecycle import (
    OBSERVER_SEAT_GIVEN_UP,
    join_game,
    observes,
    power_lookup,
)
from judge.game.passwords import verify_password
from judge.game.seat_requests import seats_wait_for_mailbox
from judge.game.throttle import check_password
from judge.store.models import Game, RequestKind, Seat, SeatRole, SeatStatus

ROLE_LETTERS = {"M": SeatRole.MASTER, "O": SeatRole.OBSERVER}
_RETIRED = (SeatStatus.RESIGNED, SeatStatus.ABANDONED)


def run_signon(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    if len(invocation.args) != 2 or len(invocation.args[0]) < 2:
        return CommandResult.fail("write SIGNON <power initial><game> <password>, "
                                  "e.g. SIGNON Falpha secret")
    token, password = invocation.args
    letter, name = token[0].upper(), token[1:]
    game = find_game(jc.session, name)
    if letter == "?":
        account = need_account(jc)
        if seats_wait_for_mailbox(game):  # who plays is secret: JOIN's request (adv8)
            return CommandResult.ok(*ask_for_seat(jc, game, account, RequestKind.JOIN,
                                                  password, []))
        watched = observes(game, account)
        seat = join_game(jc.session, game, account, password, [])
        jc.seat, jc.power, jc.phase = seat, None, None
        given_up = [OBSERVER_SEAT_GIVEN_UP.format(game=game.name)] if watched else []
        return CommandResult.ok(f"You joined {game.name}; you are signed on for the rest of "
                                "this message.", *given_up, *start_if_full(jc, game))
    seat = _find_seat(jc, game, letter, password)
    jc.seat, jc.power, jc.phase = seat, None, None
    jc.signed_on.append(seat)
    return CommandResult.ok(f"Signed on as {_who(seat)} in {game.name}.")


def _find_seat(jc: JudgeContext, game: Game, letter: str, password: str) -> Seat:
    if letter not in ROLE_LETTERS and letter not in power_lookup(game_variant(game)):
        raise GameError(f"{letter} is not a power initial, M (master) or O (observer) of "
                        f"{game.name}")
    # A letter nobody holds gets the same answer as a wrong password: whether a game has
    # observers, or a power a player, is not told to whoever guesses.
    seat = check_password(jc.session, jc.clock.now(), jc.postman, jc.password_guard,
                          _seats_for(game, letter), password, sender=jc.sender, zone=jc.zone)
    if seat is not None:
        return seat
    raise GameError(_given_up(jc, game, letter, password)
                    or f"wrong password for {letter} in {game.name}")


def _given_up(jc: JudgeContext, game: Game, letter: str, password: str) -> str | None:
    """Why the sender's own retired seat, whose password he gave, no longer signs on:
    told only to whoever knows that password, so it says nothing to a guesser."""
    power = power_lookup(game_variant(game)).get(letter)
    for seat in game.seats:
        if (jc.account is None or seat.account_id != jc.account.id or seat.power != power
                or power is None or seat.status not in _RETIRED
                or not verify_password(password, seat.password_hash)):
            continue
        how = ("you resigned it" if seat.status == SeatStatus.RESIGNED
               else "its master took it from you")
        return (f"you no longer play {power.title()} in {game.name}: {how}, so its password "
                "no longer signs on; ask its master to REPLACE a power with you to play again")
    return None


def _seats_for(game: Game, letter: str) -> list[Seat]:
    power = power_lookup(game_variant(game)).get(letter)
    if power is not None:
        found = [s for s in seats_of(game, SeatRole.PLAYER) if s.power == power]
        if found:
            return found
    role = ROLE_LETTERS.get(letter)
    return seats_of(game, role) if role is not None else []


def _who(seat: Seat) -> str:
    if seat.role == SeatRole.PLAYER:
        return seat.power.title() if seat.power else "a player (powers are given at the start)"
    return seat.role.value


def current_seat_line(ctx: JudgeContext) -> str:
    return f"signed on as {_who(ctx.seat)}" if ctx.seat else "not signed on"


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="SIGNON", usage="SIGNON <power initial><game> <password>", run=run_signon,
        help="act in a game for the rest of the message (M: master, O: observer, "
             "?: join a forming game)"))
