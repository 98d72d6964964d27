"""The mail that asks the masters a turn's questions (master_decisions.py), once per question."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from judge.engine.questions import Question
from judge.game.games import game_variant, phase_of, primary_address, seats_of
from judge.game.master_decisions import ASKED
from judge.game.postman import Postman
from judge.store.models import Game, SeatRole, Turn


def ask_masters(session: Session, postman: Postman, game: Game, turn: Turn,
                questions: Sequence[Question]) -> None:
    """Hold the turn and mail the masters the questions not mailed before."""
    asked = list(turn.notices.get(ASKED, []))
    new = [q for q in questions if q.key not in asked]
    turn.notices = {**turn.notices, "held": True, ASKED: [*asked, *(q.key for q in new)]}
    if not new:
        return
    title = game_variant(game).rules.calendar.describe(phase_of(turn))
    lines = [f"Game {game.name}, {title}: the rules leave a decision to "
             "you before this turn can be processed.", ""]
    for question in new:
        lines += _question_lines(question)
    lines += ["The turn is held until every question is answered; the last answer "
              f"processes it. Sign on as master first (SIGNON M{game.name} <password>)."]
    for seat in seats_of(game, SeatRole.MASTER):
        postman.send(session, to=[primary_address(seat.account)],
                     subject=f"{game.name}: {turn.phase} waits for your decision",
                     body="\n".join(lines) + "\n", seat=seat)


def _question_lines(question: Question) -> list[str]:
    example = question.choices[0] if question.choices else "<your answer>"
    out = [f"{question.key}: {question.text}"]
    if question.choices:
        out.append(f"  Choices: {', '.join(question.choices)}")
    return [*out, f"  Answer: DECIDE {question.key} {example}", ""]
