"""Acting on an EMG block (judge.mail.inbound.emg): the account and game it names, then orders or
the latest report, answered in the judge's usual reply sections."""

from __future__ import annotations

from judge.commands.context import JudgeContext
from judge.commands.dispatch import run_message
from judge.commands.orders import handle_orders
from judge.commands.reply import Reply
from judge.game.errors import GameError
from judge.game.games import find_game, game_variant, seats_of
from judge.game.history import following_turns, processed_turns, stored_result
from judge.game.recipients import viewer_of
from judge.game.throttle import check_password
from judge.mail.inbound.emg import TURN, EmgRequest
from judge.store import repo
from judge.store.models import Account, Seat, SeatRole
from judge.turns.seat_reports import turn_report


def run_emg(ctx: JudgeContext, request: EmgRequest, token_seat: Seat | None) -> Reply:
    reply = Reply()
    if request.problem is not None:
        reply.error(1, request.kind, request.problem)
        return reply
    try:
        seat = _seat(ctx, request, token_seat)
    except GameError as exc:
        # The game line may hold a password: the reply quotes the game's name alone.
        reply.error(1, f"{request.account} {next(iter(request.game.split()), '')}", str(exc))
        return reply
    ctx.seat = seat
    ctx.signed_on.append(seat)
    if request.kind == TURN:
        # §9.0: "each new set of commands overwriting the previous set", hence CLEAR first.
        return run_message("\n".join(("CLEAR", *request.commands)), ctx, handle_orders)
    _report(ctx, seat, reply)
    return reply


def _seat(ctx: JudgeContext, request: EmgRequest, token_seat: Seat | None) -> Seat:
    account = _account(ctx, request.account)
    # Any white space separates the password (a tab too), and it is never quoted back.
    name, *rest = request.game.split(maxsplit=1)
    password = rest[0].strip() if rest else ""
    game = find_game(ctx.session, name)
    if not _speaks_for(ctx, account, token_seat):
        # Before anything about the account's seats: whether it plays in the game, and
        # a lock-out of its seat's password, are not a stranger's to learn: who plays is a
        # secret where a game hides its players' names (`Variant.names_hidden`).
        raise GameError(f"account id {request.account} is not the account of {ctx.sender}; "
                        "write from the address the judge has for that account, or reply "
                        "to one of the judge's mails to you")
    seat = next((s for s in seats_of(game, SeatRole.PLAYER)
                 if s.account_id == account.id and s.power), None)
    if seat is None:
        raise GameError(f"account id {request.account} plays no power in game {game.name}")
    if token_seat is not None and token_seat.id == seat.id:
        return seat  # sent to the seat's reply address: the EMG address of §9.0
    if password:
        return _by_password(ctx, seat, password)
    if request.kind == TURN:
        # From is a claim, not proof (issue #11): orders need the seat's reply address
        # or its password, as SIGNON does.
        raise GameError(f"orders for {game.name} need proof that they are yours: send "
                        "the block to the reply address of the judge's mail for your "
                        f"seat, or write the password after the game id: '{game.name} "
                        "<password>'")
    return seat  # EMGREPORT: the report goes to the From, an address of the account


def _speaks_for(ctx: JudgeContext, account: Account, token_seat: Seat | None) -> bool:
    """Whether the block comes as from `account` itself: from one of its addresses (a
    claim the password or the reply address then proves for orders; a forged From gets
    its answer at the real owner's address), or to the reply address of one of its
    seats. Anyone else learns nothing of its seats (tests/secrecy/
    test_adversary_emg_membership.py)."""
    return ctx.sender in {a.address for a in account.addresses} or (
        token_seat is not None and token_seat.account_id == account.id)


def _by_password(ctx: JudgeContext, seat: Seat, password: str) -> Seat:
    found = check_password(ctx.session, ctx.clock.now(), ctx.postman, ctx.password_guard,
                           [seat], password, sender=ctx.sender, zone=ctx.zone)
    if found is None:
        raise GameError(f"wrong password for that seat in {seat.game.name}")
    return found


def _account(ctx: JudgeContext, reference: str) -> Account:
    digits = reference.upper().removeprefix("A")
    account = (repo.account_by_id(ctx.session, int(digits)) if digits.isdigit()
               else repo.account_by_name(ctx.session, reference))
    if account is None:
        raise GameError(f"no account with id {reference!r}: the account id is the number "
                        "WHOAMI shows")
    return account


def _report(ctx: JudgeContext, seat: Seat, reply: Reply) -> None:
    game = seat.game
    turns = processed_turns(ctx.session, game)
    if not turns:
        reply.done(1, f"EMGREPORT {game.name}", "No turn of this game has been processed "
                   "yet, so there is no report to send again.")
        return
    turn = turns[-1]
    next_turn = following_turns(ctx.session, game).get(turn.id)
    result = stored_result(game, turn, next_turn)
    body = turn_report(game_variant(game), game, turn, result, viewer_of(seat),
                       next_turn.deadline if next_turn is not None else None, ctx.zone)
    reply.done(1, f"EMGREPORT {game.name}", f"The latest report ({turn.phase}) follows.")
    reply.note("Report", *body.rstrip("\n").split("\n"))
