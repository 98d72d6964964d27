"""Turn reports: one per recipient, each built from what that recipient may see."""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.engine.turn import TurnResult
from judge.engine.visibility import Viewer
from judge.game.games import game_variant, primary_address, seats_of
from judge.game.postman import Postman
from judge.reports.render import render_report
from judge.store.models import Game, Seat, SeatRole, SeatStatus, Turn


def viewer_of(seat: Seat) -> Viewer:
    if seat.role == SeatRole.MASTER:
        return Viewer.master()
    if seat.role == SeatRole.PLAYER and seat.power:
        return Viewer.player(seat.power)
    return Viewer.observer()


def recipients(game: Game) -> list[Seat]:
    """Everyone who gets the game's reports: players still in it, masters, observers."""
    return [s for s in seats_of(game, active_only=False)
            if s.status in (SeatStatus.ACTIVE, SeatStatus.CIVIL_DISORDER)
            and (s.role != SeatRole.PLAYER or s.power)]


def send_turn_reports(session: Session, game: Game, result: TurnResult,
                      next_turn: Turn | None, postman: Postman) -> None:
    variant = game_variant(game)
    deadline = next_turn.deadline if next_turn is not None else None
    subject = f"{game.name}: {variant.rules.calendar.describe(result.phase)} results"
    for seat in recipients(game):
        body = render_report(variant, result, viewer_of(seat), deadline,
                             seat.account.time_zone)
        postman.send(session, to=[primary_address(seat.account)],
                     subject=subject, body=f"Game {game.name}\n\n{body}", seat=seat)


def tell(session: Session, postman: Postman, seats: list[Seat], subject: str,
         body: str) -> None:
    """The same notice to several seats (a deadline reminder, a master's announcement)."""
    for seat in seats:
        postman.send(session, to=[primary_address(seat.account)], subject=subject, body=body,
                     seat=seat)
