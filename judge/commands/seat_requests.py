"""JOIN and OBSERVE where a game hides who plays: the seat waits for CONFIRM (adv8).

The request and its code: judge.game.seat_requests. The reply to the JOIN or OBSERVE goes
to its From address, the account's own mailbox, and carries the code; whoever forged that
From never reads it, and no seat is taken, nor any count changed, until the code comes
back. CONFIRM <code> then takes the seat as the JOIN or OBSERVE would have, every check
made again (the game may have filled or started meanwhile), but with the password (and
a JOIN's preferences) that CONFIRM writes: whoever wrote the request chose its own, and
a forger who then saw the seat taken with them signed on to it (adv9, fix 26). A plain
CONFIRM <code>, or a plain reply to the code's mail, takes it with a password the judge
chooses, told only in the answer to the CONFIRM: only the code's mailbox reads it.
"""

from __future__ import annotations

from judge.commands.context import JudgeContext
from judge.commands.game_over import read_on, refuse_if_over, result_text
from judge.commands.observers import ask_to_observe
from judge.game import observers
from judge.game.account_requests import CONFIRM_WITHIN
from judge.game.codes import new_secret
from judge.game.errors import GameError
from judge.game.lifecycle import (
    OBSERVER_SEAT_GIVEN_UP,
    join_game,
    observe_game,
    observes,
)
from judge.game.seat_requests import done, mail_seat_code, request_seat
from judge.store.models import Account, AccountRequest, Game, GameState, RequestKind
from judge.store.repo_games import game_by_id, locked_game
from judge.store.repo_guards import request_by_id

_WHY = ("{game} keeps who plays from its players, so a seat in it is taken only when the "
        "account's own mailbox confirms: someone else may write to the judge in your name")


def ask_for_seat(jc: JudgeContext, game: Game, account: Account, kind: RequestKind,
                 password: str, preferences: list[str]) -> list[str]:
    """Store the seat asked for, and mail its code once the message has run; the reply's
    lines, without the code (it goes to the account's address, not the From)."""
    code = request_seat(jc.session, jc.clock.now(), account, game, kind, password,
                        preferences, sender=jc.sender,
                        inbox_id=jc.inbox.id if jc.inbox is not None else None)
    request = request_by_id(jc.session, code.request_id)
    assert request is not None
    jc.after.append(lambda step_ctx, _reply: mail_seat_code(
        step_ctx.session, step_ctx.postman, request, code, game))
    verb = "join" if kind == RequestKind.JOIN else "observe"
    return [f"Waiting for confirmation: you asked to {verb} {game.name}. Nothing is taken "
            f"yet: {_WHY.format(game=game.name)}.",
            "The judge has mailed a code to the address it writes to for this account: "
            "reply to that mail with no text of your own, or send the line CONFIRM <code> "
            f"<password> it gives, within {CONFIRM_WITHIN.days * 24} hours. The password "
            "and powers in this line are not kept: the seat's password is the one you give "
            "then (or, for a plain reply, one the judge chooses and tells you).",
            "If you did not ask for this, do nothing: the request lapses."]


def take_seat(jc: JudgeContext, request: AccountRequest, password: str | None,
              preferences: list[str]) -> tuple[Game, list[str]]:
    """The seat `request` asked for, taken now that its code came back, with CONFIRM's
    `password` and `preferences`, never the request's (whoever wrote the request chose
    them: adv9, fix 26); without a password, one the judge chooses. The game and the
    reply's lines."""
    game = game_by_id(jc.session, request.game_id or 0)
    if game is None:
        raise GameError("the game this code was for is gone")
    game = locked_game(jc.session, game)
    account = request.account
    chosen = password is None
    password = new_secret()[:12] if password is None else password
    told = [f"The judge chose this seat's password: {password} (SET PASSWORD, after "
            "SIGNON, changes it)."] if chosen else []
    if request.kind == RequestKind.OBSERVE:
        if observers.needs_leave(jc.session, game):  # the master's leave still (adv10)
            done(request, jc.clock.now())
            return game, ask_to_observe(jc, game, account)
        observe_game(jc.session, game, account, password)
        done(request, jc.clock.now())
        return game, [_watching(game, account), *told,
                      f"Sign on in later messages with: SIGNON O{game.name} <your password>"]
    refuse_if_over(game, None)  # not "already started; ask its master to REPLACE" (adv9)
    watched = observes(game, account)
    join_game(jc.session, game, account, password, preferences)
    done(request, jc.clock.now())
    return game, [f"Confirmed: {account.name} joined {game.name}.", *told,
                  *([OBSERVER_SEAT_GIVEN_UP.format(game=game.name)] if watched else [])]


def _watching(game: Game, account: Account) -> str:
    """Newcomer (adv9): a game that ended between the OBSERVE and its CONFIRM sends no
    report; the observer is told so, as OBSERVE of a finished game tells him."""
    if game.state != GameState.FINISHED:
        return f"Confirmed: {account.name} observes {game.name} and will receive its public " \
            "reports."
    return (f"Confirmed: {account.name} observes {game.name}, which is over "
            f"({result_text(game)}), so no report will come; {read_on(game)}.")
