"""Who gets a game's mail and as whom: each seat's viewer, the recipients of its reports,
what the game adds to a report (who was late, who plays); the reports themselves are
rendered and queued by judge/turns/seat_reports.py."""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.engine.visibility import Role, Viewer
from judge.game.games import primary_address, seats_of, settings_of
from judge.game.postman import Postman
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


def late_for(game: Game, turn: Turn | None, viewer: Viewer) -> list[str]:
    """The powers whose orders were incomplete when `turn`'s deadline passed, if the game
    lets `viewer` know (the master always may; the report still names only powers whose
    units the reader sees)."""
    if turn is None or not turn.notices.get("late"):
        return []
    if viewer.role != Role.MASTER and not settings_of(game).schedule.late_public:
        return []
    return [str(p) for p in turn.notices.get("late_powers", [])]


def dealt_powers(game: Game) -> set[str]:
    """The powers dealt to players, now or before: only they can have sent no orders (a
    variant's neutral countries have nobody to send any)."""
    return {s.power for s in game.seats if s.role == SeatRole.PLAYER and s.power}


def tell(session: Session, postman: Postman, seats: list[Seat], subject: str,
         body: str) -> None:
    """The same notice to several seats (a deadline reminder, a master's announcement)."""
    for seat in seats:
        postman.send(session, to=[primary_address(seat.account)], subject=subject, body=body,
                     seat=seat)
