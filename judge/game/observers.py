"""Observers' seats, and the master's leave where observers see more than the public.

Where a game's visibility shows its observers more than a reader with no seat
(engine.visibility.observers_see_more: Secret and Stab Envoy's `observers_see_all`), an
observer's seat is worth having to a player: REGISTER proves only that one owns an address,
so a player's second account observed the game and read what his power may not (advsec8).
There, while the game is played, OBSERVE only asks: the seat is stored PENDING, which reads
and receives nothing (seats_of, recipients and SIGNON take active seats only), and the
master is told who asks (judge.commands.observers). ALLOW OBSERVER makes it an observer's
seat with a password the judge makes and mails to the account's own address: From is only
a claim, and whoever forged an OBSERVE in the account's name chose that line's password.

Choices (docs/master.md, "Observers"):
- An observer seated before the game's observers saw more (a game created before the judge
  asked, or whose setting was changed by its operator) keeps his seat: OBSERVERS lists him
  with the others, and EJECT OBSERVER takes him out.
- Once the game is over nothing it hides can be played on: OBSERVE seats at once, as in any
  finished game (as seat_requests' confirmation lapses then), and replaces the account's
  request still pending; the master may still answer a pending request.
"""

from __future__ import annotations

import secrets

from sqlalchemy.orm import Session

from judge.engine.position import Position
from judge.engine.visibility import observers_see_more
from judge.game.errors import GameError
from judge.game.games import game_variant, position_of, seats_of
from judge.game.lifecycle import (
    Hashed,
    add_seat,
    change_password,
    check_observe,
    observe_game,
    start_position,
)
from judge.store import repo_games
from judge.store.models import Account, Game, GameState, Seat, SeatRole, SeatStatus

# A pending seat has no password anyone knows: an empty hash never matches
# (judge.game.passwords.verify_password), and SIGNON takes active seats only anyway.
_NO_PASSWORD = Hashed("")


def needs_leave(session: Session, game: Game) -> bool:
    """Whether an OBSERVE of `game` waits for its master: while it is played, where its
    observers may know what the public may not."""
    if game.state == GameState.FINISHED:
        return False
    return observers_see_more(game_variant(game).rules.visibility, _position(session, game))


def _position(session: Session, game: Game) -> Position:
    """The game's latest board, whose state carries its choices (Envoy's options); before
    the start, the first board as the start will make it."""
    turns = repo_games.turns_of(session, game)
    if turns:
        return position_of(turns[-1])
    variant = game_variant(game)
    return start_position(game, variant, seats_of(game, SeatRole.PLAYER))


def observer_seats(game: Game) -> list[Seat]:
    """The game's observers: active seats first, then the requests waiting, each by age."""
    seats = [s for s in game.seats if s.role == SeatRole.OBSERVER
             and s.status in (SeatStatus.ACTIVE, SeatStatus.PENDING)]
    return sorted(seats, key=lambda s: (s.status == SeatStatus.PENDING, s.id))


def request_of(game: Game, account: Account) -> Seat | None:
    return next((s for s in observer_seats(game)
                 if s.account_id == account.id and s.status == SeatStatus.PENDING), None)


def ask(session: Session, game: Game, account: Account) -> Seat:
    """The account's request to observe `game`, stored as a pending seat."""
    check_observe(game, account)
    if request_of(game, account) is not None:
        raise GameError(f"you have already asked to observe {game.name}; its master was "
                        "told and has not answered yet. The judge will write to you when "
                        "he does")
    seat = add_seat(session, game, account, SeatRole.OBSERVER, _NO_PASSWORD)
    seat.status = SeatStatus.PENDING
    return seat


def seat_at_once(session: Session, game: Game, account: Account, password: str) -> Seat:
    """An observer's seat with the account's own password, where no leave is needed; a
    request of the account still pending gives way to it."""
    check_observe(game, account)
    pending = request_of(game, account)
    if pending is not None:
        _drop(session, game, pending)
    return observe_game(session, game, account, password)


def find_observer(game: Game, word: str) -> Seat:
    """The observer or request named `word` (the account's name, or one of its addresses)."""
    wanted = word.strip().lower()
    seats = observer_seats(game)
    # An address first: a name is free text, and a forger may call his account by
    # another's address (adv10); an address is one account's.
    found = [s for s in seats if any(a.address.lower() == wanted for a in s.account.addresses)] \
        or [s for s in seats if s.account.name.lower() == wanted]
    if not found:
        raise GameError(f"{word} neither observes {game.name} nor asks to; OBSERVERS lists "
                        "who does")
    if len(found) > 1:
        raise GameError(f"more than one observer of {game.name} is called {word}; name him by "
                        "his address, as OBSERVERS shows it")
    return found[0]


def allow(seat: Seat) -> str:
    """Seat the request; its new password, made by the judge (never the request's)."""
    if seat.status != SeatStatus.PENDING:
        raise GameError(f"{seat.account.name} already observes {seat.game.name}")
    password = secrets.token_urlsafe(9)
    change_password(seat, password)
    seat.status = SeatStatus.ACTIVE
    return password


def refuse(session: Session, seat: Seat) -> None:
    if seat.status != SeatStatus.PENDING:
        raise GameError(f"{seat.account.name} already observes {seat.game.name}; to take his "
                        f"seat, EJECT OBSERVER {seat.account.name}")
    _drop(session, seat.game, seat)


def remove(session: Session, seat: Seat) -> None:
    """An observer's seat taken, or a request dropped: in any game."""
    _drop(session, seat.game, seat)


def _drop(session: Session, game: Game, seat: Seat) -> None:
    session.delete(seat)
    session.flush()
    session.expire(game, ["seats"])
