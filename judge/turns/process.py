"""A turn, start to end: adjudicate and store it (judge/game/adjudication.py: load the game once,
collect the orders, adjudicate, store the result, the knowledge records and the next turn),
then report it to every seat (judge/turns/seat_reports.py). A turn that needs the master's
decision first is held instead (judge/game/master_decisions.py)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.engine.turn import TurnResult
from judge.game.adjudication import process_turn
from judge.game.clock import Clock
from judge.game.master_decisions import AwaitingDecision
from judge.game.postman import Postman
from judge.game.questions_mail import ask_masters
from judge.store.models import Game
from judge.store.repo_games import current_turn
from judge.turns.seat_reports import send_turn_reports


def process_and_report(session: Session, game: Game, clock: Clock, postman: Postman,
                       expected_phase: str | None = None) -> TurnResult | None:
    """Process the open turn and queue its reports; None when it waits for the master's
    decision instead (the masters are asked once and the turn is held: master_decisions.py)."""
    try:
        _, result, next_turn = process_turn(session, game, clock, expected_phase)
    except AwaitingDecision as waiting:
        turn = current_turn(session, game)
        assert turn is not None  # process_turn found it
        ask_masters(session, postman, game, turn, waiting.questions)
        return None
    send_turn_reports(session, game, result, next_turn, postman)
    return result
