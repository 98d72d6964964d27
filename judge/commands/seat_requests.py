"""JOIN and OBSERVE where a game hides who plays: the seat waits for CONFIRM (adv8).

The request and its code: judge.game.seat_requests. The reply to the JOIN or OBSERVE goes
to its From address, the account's own mailbox, and carries the code; whoever forged that
From never reads it, and no seat is taken, nor any count changed, until the code comes
back. CONFIRM <code> then takes the seat as the JOIN or OBSERVE would have, every check
made again (the game may have filled or started meanwhile). CONFIRM <code> <password>
takes it with that password instead of the request's: a forger who wrote the JOIN in the
account's name chose the request's, and may have kept the owner's own JOIN out (a newer
request replaces an older; the hourly limit), so the owner must be able to confirm his
request and still hold the only password to the seat (adv9).
"""

from __future__ import annotations

from judge.commands.context import JudgeContext
from judge.commands.game_over import read_on, refuse_if_over, result_text
from judge.game.account_requests import CONFIRM_WITHIN
from judge.game.errors import GameError
from judge.game.lifecycle import (
    OBSERVER_SEAT_GIVEN_UP,
    Hashed,
    join_game,
    observe_game,
    observes,
)
from judge.game.seat_requests import done, request_seat
from judge.store.models import Account, AccountRequest, Game, GameState, RequestKind
from judge.store.repo_games import game_by_id, locked_game

_WHY = ("{game} keeps who plays from its players, so a seat in it is taken only when the "
        "account's own mailbox confirms: someone else may write to the judge in your name")


def ask_for_seat(jc: JudgeContext, game: Game, account: Account, kind: RequestKind,
                 password: str, preferences: list[str]) -> list[str]:
    """Store the seat asked for; the reply's lines, with the code that takes it."""
    code = request_seat(jc.session, jc.clock.now(), account, game, kind, password,
                        preferences, sender=jc.sender,
                        inbox_id=jc.inbox.id if jc.inbox is not None else None)
    verb = "join" if kind == RequestKind.JOIN else "observe"
    return [f"Waiting for confirmation: you asked to {verb} {game.name}. Nothing is taken "
            f"yet: {_WHY.format(game=game.name)}.",
            f"To {verb} it, send the judge the line CONFIRM {code} within "
            f"{CONFIRM_WITHIN.days * 24} hours (from any address; keep the code to "
            "yourself). The password is then the one in the line above; to choose "
            f"another (do, if that line is not yours), write CONFIRM {code} <password>.",
            "If you did not ask for this, do nothing: the request lapses."]


def take_seat(jc: JudgeContext, request: AccountRequest,
              new_password: str | None = None) -> tuple[Game, list[str]]:
    """The seat `request` asked for, taken now that its code came back, with
    `new_password` if CONFIRM gave one (whoever wrote the request chose its password:
    adv9); the game and the reply's lines."""
    game = game_by_id(jc.session, request.game_id or 0)
    if game is None or request.password_hash is None:
        raise GameError("the game this code was for is gone")
    game = locked_game(jc.session, game)
    account = request.account
    password = Hashed(request.password_hash) if new_password is None else new_password
    if request.kind == RequestKind.OBSERVE:
        observe_game(jc.session, game, account, password)
        done(request, jc.clock.now())
        return game, [_watching(game, account),
                      f"Sign on in later messages with: SIGNON O{game.name} <your password>"]
    refuse_if_over(game, None)  # not "already started; ask its master to REPLACE" (adv9)
    watched = observes(game, account)
    join_game(jc.session, game, account, password, list(request.preferences or []))
    done(request, jc.clock.now())
    return game, [f"Confirmed: {account.name} joined {game.name}.",
                  *([OBSERVER_SEAT_GIVEN_UP.format(game=game.name)] if watched else [])]


def _watching(game: Game, account: Account) -> str:
    """Newcomer (adv9): a game that ended between the OBSERVE and its CONFIRM sends no
    report; the observer is told so, as OBSERVE of a finished game tells him."""
    if game.state != GameState.FINISHED:
        return f"Confirmed: {account.name} observes {game.name} and will receive its public " \
            "reports."
    return (f"Confirmed: {account.name} observes {game.name}, which is over "
            f"({result_text(game)}), so no report will come; {read_on(game)}.")
