"""The master's decisions: a turn whose variant asks a question waits for the answer.

The variant's `Rules.questions` (judge/engine/questions.py) says what must be decided from
the board and the orders as they stand. Processing then stops before anything changes
(AwaitingDecision), the masters are mailed the questions once, and the turn is held: the
deadline sweep leaves it alone. DECIDE stores an answer in the turn; the last answer
processes the turn if it was held for them. Answers are kept when the deadline moves or
the turn is rolled back: they are decisions about the orders, not about the time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy.orm import Session

from judge.engine.orders import Order
from judge.engine.position import Position
from judge.engine.questions import ANSWERS, Question
from judge.game.errors import GameError
from judge.game.games import game_variant
from judge.store.models import Game, Turn

ASKED = "asked"  # Turn.notices: the keys the masters were mailed, and the turn is held


class AwaitingDecision(GameError):
    """The turn cannot be processed: the master has questions to answer first."""

    def __init__(self, game: Game, questions: Sequence[Question]) -> None:
        keys = ", ".join(q.key for q in questions)
        super().__init__(f"{game.name} waits for the master's decision ({keys}); "
                         f"the master answers with DECIDE <question> <answer>")
        self.questions = tuple(questions)


def answers(turn: Turn) -> dict[str, str]:
    found = turn.notices.get(ANSWERS, {})
    return dict(found) if isinstance(found, Mapping) else {}


def kept_decisions(turn: Turn) -> dict[str, object]:
    """What of the turn's notices outlives a new deadline or a rollback: the answers."""
    kept = answers(turn)
    return {ANSWERS: kept} if kept else {}


def questions(game: Game, turn: Turn, position: Position,
              orders: Mapping[str, Sequence[Order]]) -> tuple[Question, ...]:
    """Every question the variant asks of this turn with these orders."""
    rules = game_variant(game).rules
    return tuple(rules.questions(rules, position, orders))


def unanswered(game: Game, turn: Turn, position: Position,
               orders: Mapping[str, Sequence[Order]]) -> tuple[Question, ...]:
    given = answers(turn)
    return tuple(q for q in questions(game, turn, position, orders) if q.key not in given)


def with_answers(turn: Turn, position: Position) -> Position:
    """The board to adjudicate, carrying the master's answers for the handlers."""
    given = answers(turn)
    if not given:
        return position
    return position._replace(state={**position.state, ANSWERS: given})


def without_answers(position: Position) -> Position:
    """The board after adjudication, without this turn's answers (they are not the next's)."""
    if ANSWERS not in position.state:
        return position
    return position._replace(state={k: v for k, v in position.state.items() if k != ANSWERS})


def decide(session: Session, game: Game, turn: Turn, asked: Sequence[Question], key: str,
           answer: str) -> tuple[Question, str]:
    """Store the master's answer to the open question `key`; the question and the answer as
    the question spells it. Refuses a key not asked and an answer not among the choices."""
    found = next((q for q in asked if q.key.lower() == key.lower()), None)
    if found is None:
        open_keys = ", ".join(q.key for q in asked) or "none"
        raise GameError(f"{game.name} has no open question {key!r}; open: {open_keys}")
    spelled = found.accepts(answer)
    if spelled is None:
        raise GameError(f"{answer.strip()!r} does not answer {found.key}: choose one of "
                        f"{', '.join(found.choices)}")
    turn.notices = {**turn.notices, ANSWERS: {**answers(turn), found.key: spelled}}
    return found, spelled
