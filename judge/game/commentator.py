"""The commentator: an observer the master appoints (SET COMMENTATOR) to read every piece of
press between players and publish a column (the zine's game column; rn45 F3 asks for one).

He reads press as its recipients do, never more: grey press comes "from an anonymous power",
and no copy names a player or carries an address, only powers. He sees nothing else a player
could not: no orders, and press to or from the master stays the master's. His column
(COLUMN … ENDCOLUMN) goes to the master and every observer, not to the players, who must not
read commentary drawn from each other's private press (rn45 F2). Each column is kept in the
press store, addressed to the master and the observers and marked COLUMN, so that COLUMNS
gives them again to those readers later (issue #15 item 6). The setting is off ("") in
every game until the master names someone.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.game.errors import GameError
from judge.game.games import primary_address, seats_of, settings_of
from judge.game.postman import Postman
from judge.game.recipients import recipients
from judge.store import repo_games
from judge.store.models import Game, Press, Seat, SeatRole
from judge.store.repo_games import current_turn

TITLE = "the commentator's column"
COLUMN = "column"  # the stored press's mark among its recipients: a column, not a letter
READERS = ["master", "observers"]  # as judge.game.press names them (it imports this module)


def commentator_seat(game: Game) -> Seat | None:
    """The observer seat of the appointed commentator, if he still observes the game."""
    press = settings_of(game).press
    if press.commentator_account:
        return next((s for s in seats_of(game, SeatRole.OBSERVER)
                     if s.account_id == press.commentator_account), None)
    return _observer_called(game, press.commentator) if press.commentator else None


def _observer_called(game: Game, name: str) -> Seat | None:
    return next((s for s in seats_of(game, SeatRole.OBSERVER)
                 if s.account.name.lower() == name.lower()), None)


def observer_named(game: Game, name: str) -> Seat:
    """The observer `name` the master appoints; refused, with what to do, if none is."""
    found = _observer_called(game, name)
    if found is None:
        raise GameError(f"{name} does not observe {game.name}: the commentator must first "
                        f"OBSERVE {game.name} <password>, then SET COMMENTATOR {name}")
    return found


def copy_press(session: Session, game: Game, postman: Postman, sender: str, to: str,
               kind: str, body: str, already: set[int]) -> bool:
    """Mail the commentator his copy of press between players; whether one went.

    `sender` and `to` are as a recipient may read them (grey: anonymous). The copy carries
    no press id, so a plain reply to it is not press to the writer."""
    seat = commentator_seat(game)
    if seat is None or seat.id in already:
        return False
    postman.send(session, to=[primary_address(seat.account)],
                 subject=f"{game.name}: {kind} from {sender} (commentator's copy)",
                 body="\n".join([f"From: {sender}", f"To: {to}",
                                 "You read all press between players as the commentator.",
                                 "", body, ""]), seat=seat)
    return True


def publish(session: Session, game: Game, postman: Postman, writer: Seat, body: str) -> int:
    """Keep the column, and mail it to the master and every observer; how many got it."""
    turn = current_turn(session, game)
    session.add(Press(game_id=game.id, turn_id=turn.id if turn is not None else None,
                      sender_seat_id=writer.id, recipients=[*READERS, COLUMN], body=body))
    readers = [s for s in recipients(game) if s.role != SeatRole.PLAYER and s.id != writer.id]
    for seat in readers:
        postman.send(session, to=[primary_address(seat.account)],
                     subject=f"{game.name}: {TITLE}",
                     body="\n".join([f"{TITLE.capitalize()} ({writer.account.name}), "
                                     f"{game.name}:", "", body, ""]), seat=seat)
    return len(readers)


def columns(session: Session, game: Game) -> list[Press]:
    """The game's columns, the oldest first."""
    return [row for row in repo_games.press_of_game(session, game) if COLUMN in row.recipients]
