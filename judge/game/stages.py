"""Stages before a deadline: a variant's `[[stages]]` open a while before the deadline of
their phases and are announced to every player once (Engineered's madman bidding opens 24
hours before the deadline). The sweep opens them; Turn.notices["stages"] remembers which,
so a second sweep says nothing more, and a new deadline (which clears the notices) opens
them again when their time comes round.

When a stage opens, the powers whose players have sent nothing for the turn yet are
written down with it (Turn.notices["stage_late"]); the board the turn is checked and
adjudicated on carries them as `state["stages"]` = {stage: [late powers]}
(games.position_of), and the board that follows does not (`off_board`). A stage that
`holds` keeps a turn with such a power for its deadline (readiness.held_by_stage)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from judge.engine.position import Position
from judge.game.deadline_notices import phase_title
from judge.game.games import (
    STAGE_LATE,
    STAGES_ON_BOARD,
    game_variant,
    phase_of,
    position_of,
    primary_address,
    seats_of,
)
from judge.game.postman import Postman
from judge.game.readiness import unanswered_powers
from judge.store.models import Game, SeatRole, Turn
from judge.variant import Stage

OPENED = "stages"
LATE = STAGE_LATE  # Turn.notices: {stage: the powers that had sent nothing when it opened}


def stages_of(game: Game, turn: Turn) -> list[Stage]:
    kind = phase_of(turn).kind
    return [s for s in game_variant(game).stages if kind in s.phase_kinds]


def opening_times(game: Game, turn: Turn) -> list[datetime]:
    """When each stage not yet opened opens (for the scheduler's next wake-up)."""
    if turn.deadline is None:
        return []
    opened = set(turn.notices.get(OPENED, []))
    return [turn.deadline - s.before for s in stages_of(game, turn) if s.name not in opened]


def open_due(session: Session, postman: Postman, game: Game, turn: Turn,
             now: datetime) -> list[Stage]:
    """Open, announce and remember the stages whose time has come; those opened."""
    if turn.deadline is None or now >= turn.deadline:
        return []  # a stage opened after its deadline would announce nothing useful
    opened = list(turn.notices.get(OPENED, []))
    due = [s for s in stages_of(game, turn)
           if s.name not in opened and now >= turn.deadline - s.before]
    if not due:
        return []
    late = unanswered_powers(session, game, turn)
    turn.notices = {**turn.notices, OPENED: [*opened, *(s.name for s in due)],
                    LATE: {**turn.notices.get(LATE, {}), **{s.name: late for s in due}}}
    for stage in due:
        _announce(session, postman, game, turn, stage, tuple(late))
    return due


def off_board(position: Position) -> Position:
    """The board after adjudication, without this turn's stages (not the next turn's)."""
    if STAGES_ON_BOARD not in position.state:
        return position
    kept = {k: v for k, v in position.state.items() if k != STAGES_ON_BOARD}
    return position._replace(state=kept)


def _announce(session: Session, postman: Postman, game: Game, turn: Turn,
              stage: Stage, late: tuple[str, ...]) -> None:
    body = f"Game {game.name}, {phase_title(game, turn)}.\n\n{stage.notice}\n"
    if stage.describe is not None:
        told = stage.describe(game_variant(game), position_of(turn), late).strip()
        body += f"\n{told}\n" if told else ""
    for seat in [*seats_of(game, SeatRole.PLAYER), *seats_of(game, SeatRole.MASTER)]:
        postman.send(session, to=[primary_address(seat.account)],
                     subject=f"{game.name}: {turn.phase} {stage.name} is open", body=body,
                     seat=seat)
