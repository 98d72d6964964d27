"""ROLLFORWARD: the phases the last ROLLBACK undid (judge/game/rollback.py), processed and
reported again while the game follows them."""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.game.clock import Clock
from judge.game.errors import GameError
from judge.game.mastering import audit
from judge.game.postman import Postman
from judge.game.rollback import ROLLFORWARD, last_plan
from judge.store.models import Account, Game, GameState
from judge.store.repo_games import current_turn
from judge.turns.process import process_and_report


def rollforward(session: Session, game: Game, clock: Clock, postman: Postman,
                actor: Account | None) -> list[str]:
    """Process the phases the last ROLLBACK undid, while the game follows them again."""
    plan = last_plan(session, game)
    turn = current_turn(session, game)
    if plan is None or turn is None or turn.phase != plan.to:
        raise GameError(f"there is no ROLLBACK of {game.name} to undo: it has moved on "
                        "since, or was never rolled back")
    if game.state != GameState.ACTIVE:
        raise GameError(f"game {game.name} is {game.state.value}; RESUME it first")
    replayed: list[str] = []
    for phase in plan.replay:
        turn = current_turn(session, game)
        if game.state != GameState.ACTIVE or turn is None or turn.phase != phase:
            break  # the orders changed and so did the phases: the rest cannot be replayed
        if process_and_report(session, game, clock, postman, phase) is None:
            break  # the master must decide first; DECIDE then processes the phase
        replayed.append(phase)
    audit(session, game, actor, ROLLFORWARD, replayed=replayed)
    return replayed
