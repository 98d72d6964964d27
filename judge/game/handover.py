"""A master hands his game to another master (newcomer 22: a master who must leave had no
way to do it by mail; RESIGN is a player's). The old master's seat is kept, retired, for
the history (SUMMARY names both); the new one signs on with a password the old one chose."""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.game.errors import GameError
from judge.game.games import seats_of
from judge.game.lifecycle import add_seat, drop_observer_seats, keeps_from_players
from judge.store.models import Account, Game, Seat, SeatRole, SeatStatus


def hand_over(session: Session, game: Game, account: Account, password: str) -> Seat:
    """`account` becomes the master of `game`; every master seat before it is retired."""
    old = seats_of(game, SeatRole.MASTER)
    if any(seat.account_id == account.id for seat in old):
        raise GameError(f"{account.name} is already the master of {game.name}; hand it to "
                        "someone else")
    playing = [s for s in seats_of(game, SeatRole.PLAYER) if s.account_id == account.id]
    # The master sees everything: in a game that hides things, who plays included (adv9),
    # a player must not (as lifecycle.refuse_master_as_player keeps a master from playing;
    # docs/secrecy.md).
    if playing and keeps_from_players(game):
        raise GameError(f"{account.name} plays in {game.name}, which keeps things from its "
                        "players that its master sees, so a player there cannot become its "
                        "master (docs/secrecy.md); hand it to someone who does not play in it")
    for seat in old:
        seat.status = SeatStatus.RESIGNED
    drop_observer_seats(session, game, account)  # a master sees more than an observer
    return add_seat(session, game, account, SeatRole.MASTER, password)
