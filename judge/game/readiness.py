"""Whether a turn is ready: whose orders it waits for, who holds it with SET WAIT or a
stage (judge/turns/deadline_rules.py processes a ready turn early, judge/turns/process.py
processes it)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime

from sqlalchemy.orm import Session

from judge.engine.visibility import duties_public
from judge.game import order_sets, owed
from judge.game.games import (
    STAGE_LATE,
    game_variant,
    phase_of,
    player_seat,
    playing_powers,
    position_of,
    seats_of,
)
from judge.game.hidden import hides_from_players
from judge.game.ordering import Written
from judge.game.votes import survivors_told
from judge.store import repo, repo_games
from judge.store.models import Game, GameState, Seat, SeatRole, SeatStatus, Turn

# The session memo's key (repo_games.turn_memo) of the power found late last in a turn.
_LATE_FIRST = "late first"


def late_powers(session: Session, game: Game, turn: Turn,
                sets: Mapping[str, Mapping[str, Written]] | None = None) -> list[str]:
    """Powers that must order this phase and whose orders are not complete (`sets`: every
    power's current orders, when the caller has them already)."""
    return list(_late_among(session, game, turn, playing_powers(game), sets))


def _late_among(session: Session, game: Game, turn: Turn, powers: Sequence[str],
                sets: Mapping[str, Mapping[str, Written]] | None) -> Iterator[str]:
    """The powers among `powers` whose orders are late, in their order, found one by one
    (a caller that needs only the first stops there)."""
    variant = game_variant(game)
    position = position_of(turn)
    if sets is None:
        sets = order_sets.latest_sets(session, variant, turn)
    for power in powers:
        seat = player_seat(game, power)
        if seat is not None and seat.status == SeatStatus.CIVIL_DISORDER:
            continue  # nobody plays it: its units hold, and it is not waited for
        if owed.missing(variant, position, power, sets.get(power, {})):
            yield power


def _anyone_late(session: Session, game: Game, turn: Turn,
                 sets: Mapping[str, Mapping[str, Written]] | None) -> bool:
    """Whether `late_powers` names anyone. Every order message asks this of every power
    (issue #18: seven powers' sets weighed for each message); the power found late last
    time is asked first, and the first late power answers: while one power holds a turn
    up, a message costs one power's check where it cost seven. The hint is only an order:
    every power is still asked before the answer is no."""
    powers = playing_powers(game)
    held = repo_games.turn_memo(turn)
    hint = held.get((_LATE_FIRST, turn.id)) if held is not None else None
    if isinstance(hint, str) and hint in powers:
        powers.remove(hint)
        powers.insert(0, hint)
    late = next(_late_among(session, game, turn, powers, sets), None)
    if held is not None and late is not None:
        held[(_LATE_FIRST, turn.id)] = late
    return late is not None


def hides(game: Game, turn: Turn) -> bool:
    """Whether the game keeps from its players anything that may decide who has orders to
    give (its choices, never its board): then its turns wait for every player's answer. A
    visibility that says who has orders to give is public (`PublicDuties`) waits as an open
    game does, for those powers alone."""
    variant = game_variant(game)
    return hides_from_players(variant, position_of(turn)) and \
        not duties_public(variant.rules.visibility)


def unanswered_powers(session: Session, game: Game, turn: Turn) -> list[str]:
    """Powers still in the game whose player has sent nothing for this turn: no orders,
    no WAIVE, no CLEAR (a power in civil disorder is not waited for). Nobody, in a phase
    that runs without orders (a variant's builds made from lists sent with the moves):
    no answer is asked for there, and waiting for one held it for everyone's mail."""
    variant, position = game_variant(game), position_of(turn)
    if variant.rules.plays_without_orders(position):
        return []
    answered = repo.latest_orders(session, turn)
    alive = set(survivors_told(game, variant, position))
    return [power for power in playing_powers(game)
            if power not in answered and power in alive
            and (seat := player_seat(game, power)) is not None
            and seat.status != SeatStatus.CIVIL_DISORDER]


def owing_powers(session: Session, game: Game, turn: Turn,
                 sets: Mapping[str, Mapping[str, Written]] | None = None) -> list[str]:
    """The powers the turn waits for: whose orders are late (`late_powers`), or, in a game
    that hides anything, whose player has not answered (`unanswered_powers`). What a power
    owes there depends on what the others may not know (its hidden units, its allies, its
    builds), so when a turn processes must not (issue #13 item 7): it waits for every
    player's answer, whatever it holds, or for the deadline."""
    if hides(game, turn):
        return unanswered_powers(session, game, turn)
    return late_powers(session, game, turn, sets)


def anyone_owing(session: Session, game: Game, turn: Turn,
                 sets: Mapping[str, Mapping[str, Written]] | None = None) -> bool:
    """Whether `owing_powers` names anyone, without weighing every power's orders when
    one is found owing."""
    if hides(game, turn):
        return bool(unanswered_powers(session, game, turn))
    return _anyone_late(session, game, turn, sets)


def waiting_powers(game: Game, turn: Turn, now: datetime) -> list[str]:
    """Powers whose SET WAIT still holds: a WAIT lasts until the deadline, not into grace."""
    if turn.deadline is not None and now >= turn.deadline:
        return []
    # Each power's seat as player_seat finds it (the first that plays it), in one pass
    # over the seats: asked for every order message (issue #18), a seat looked up for
    # each power read the seats seven times.
    seats = seats_of(game, SeatRole.PLAYER)
    first: dict[str, Seat] = {}
    for seat in seats:
        if seat.power:
            first.setdefault(seat.power, seat)
    return [s.power for s in seats if s.power and first[s.power].waiting]


def is_ready(session: Session, game: Game, turn: Turn, now: datetime,
             sets: Mapping[str, Mapping[str, Written]] | None = None) -> bool:
    """Nobody is owed (`owing_powers`) and no WAIT holds: process early."""
    return (game.state == GameState.ACTIVE and not waiting_powers(game, turn, now)
            and not held_by_stage(game, turn) and not anyone_owing(session, game, turn, sets))


def held_by_stage(game: Game, turn: Turn) -> bool:
    """Whether a stage that `holds` (judge/game/stages.py) keeps the turn for its deadline:
    it opened with a power late, and the others have till then to act on it."""
    late = turn.notices.get(STAGE_LATE, {}) if turn.notices else {}
    kind = phase_of(turn).kind
    return any(s.holds and kind in s.phase_kinds and late.get(s.name)
               for s in game_variant(game).stages)
