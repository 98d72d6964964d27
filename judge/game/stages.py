"""Stages before a deadline: a variant's `[[stages]]` open a while before the deadline of
their phases and are announced to every player once (Engineered's madman bidding opens 24
hours before the deadline). The sweep opens them; Turn.notices["stages"] remembers which,
so a second sweep says nothing more, and a new deadline (which clears the notices) opens
them again when their time comes round."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from judge.game.games import game_variant, phase_of, primary_address, seats_of
from judge.game.notices import phase_title
from judge.game.postman import Postman
from judge.store.models import Game, SeatRole, Turn
from judge.variant import Stage

OPENED = "stages"


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
    if due:
        turn.notices = {**turn.notices, OPENED: [*opened, *(s.name for s in due)]}
    for stage in due:
        _announce(session, postman, game, turn, stage)
    return due


def _announce(session: Session, postman: Postman, game: Game, turn: Turn,
              stage: Stage) -> None:
    body = f"Game {game.name}, {phase_title(game, turn)}.\n\n{stage.notice}\n"
    for seat in [*seats_of(game, SeatRole.PLAYER), *seats_of(game, SeatRole.MASTER)]:
        postman.send(session, to=[primary_address(seat.account)],
                     subject=f"{game.name}: {turn.phase} {stage.name} is open", body=body,
                     seat=seat)
