"""CONFIRM and UNDO: the one-time codes the judge mails to an account's own mailbox.

A code proves that mailbox, whoever sends it and from wherever: CONFIRM makes a change
to the account that was asked for (judge.game.account_requests), UNDO takes back an
address change from the address mail went to before (judge.game.account_undo). A plain
reply to the mail that carried the code does the same (judge.mail.inbound.identity).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy.orm import Session

from judge.commands.context import JudgeContext, judge_context
from judge.commands.items import CommandResult, Invocation
from judge.commands.registry import Command, CommandRegistry, Context, Runner
from judge.commands.seat_requests import take_seat
from judge.commands.seating import start_if_full
from judge.game.account_requests import confirm
from judge.game.account_undo import undo
from judge.game.clock import Clock
from judge.game.errors import GameError
from judge.game.games import game_variant
from judge.game.lifecycle import parse_preferences
from judge.game.postman import Postman
from judge.game.seat_requests import seat_request
from judge.store.models import AccountRequest, RequestKind
from judge.store.repo_games import game_by_id

# What CONFIRM and UNDO do with a code: (session, clock, postman, code, sender) -> lines.
Act = Callable[[Session, Clock, Postman, str, str], list[str]]

CONFIRM_USAGE = "CONFIRM <code> [<password> [<powers preferred>]]"
UNDO_USAGE = "UNDO <code>"


def _code_command(name: str, example: str, act: Act) -> Runner:
    def run(ctx: Context, invocation: Invocation) -> CommandResult:
        jc = judge_context(ctx)
        if len(invocation.args) != 1:
            return CommandResult.fail(f"write {name} and the code from the judge's mail, e.g. "
                                      f"{name} {example}, or simply reply to that mail")
        return CommandResult.ok(*act(jc.session, jc.clock, jc.postman, invocation.args[0],
                                     jc.sender))
    return run


_run_confirm_change = _code_command("CONFIRM", "c12-k3v9q2m7a1b4c8d6", confirm)


def run_confirm(ctx: Context, invocation: Invocation) -> CommandResult:
    """A change to an account, or a seat asked for in a game that hides who plays
    (judge.commands.seat_requests): the code says which. A seat's code may be followed by
    the seat's password, and a JOIN's by the powers preferred."""
    jc = judge_context(ctx)
    args = invocation.args
    request = seat_request(jc.session, jc.clock.now(), args[0]) if args else None
    if request is None and len(args) > 1:  # a seat's code with its password, mistyped
        return CommandResult.fail(
            f"no seat waits for the code {args[0]}; check it against the judge's mail "
            "'Confirm your seat in …', or simply reply to that mail. A change to your account "
            "takes its code alone: write CONFIRM and the code from the judge's mail, e.g. "
            "CONFIRM c12-k3v9q2m7a1b4c8d6")
    if request is None:
        return _run_confirm_change(ctx, invocation)
    # Not the request's password nor its preferences: a forger who wrote the JOIN in the
    # account's name chose those (adv9, fix 26).
    game, lines = take_seat(jc, request, *_seat_words(jc, request, args[1:]))
    if request.kind == RequestKind.JOIN:
        lines += start_if_full(jc, game)
    return CommandResult.ok(*lines)


def _seat_words(jc: JudgeContext, request: AccountRequest,
                words: Sequence[str]) -> tuple[str | None, list[str]]:
    """CONFIRM's password and preferences after a seat's code."""
    if len(words) > 1 and request.kind != RequestKind.JOIN:
        raise GameError(f"write {CONFIRM_USAGE}: only a JOIN's CONFIRM lists powers")
    game = game_by_id(jc.session, request.game_id or 0)
    preferences = parse_preferences(game_variant(game), " ".join(words[1:])) \
        if game is not None and len(words) > 1 else []
    return (words[0] if words else None), preferences


run_undo = _code_command("UNDO", "u13-k3v9q2m7a1b4c8d6", undo)


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="CONFIRM", usage=CONFIRM_USAGE, run=run_confirm,
        help="make a change to your account that the judge asked you to confirm, with the "
             "code from its mail (or reply to that mail); a seat's code takes the seat's "
             "password (else the judge chooses one) and a JOIN's the powers preferred"))
    registry.register(Command(
        name="UNDO", usage=UNDO_USAGE, run=run_undo,
        help="take back a change of your address, with the code the judge mailed to your "
             "old address (or reply to that mail)"))
