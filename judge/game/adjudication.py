"""A turn adjudicated and stored, and the next one opened: the only place a game's position
moves forward (judge/turns/process.py runs it, then has each seat told)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.engine.codec import event_to_json, position_to_json
from judge.engine.orders import Order
from judge.engine.position import Position
from judge.engine.refusal import refusal_to_json
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase
from judge.game import master_decisions, order_sets, ordering, polls
from judge.game.canonical import canonical
from judge.game.clock import Clock
from judge.game.errors import GameError
from judge.game.games import (
    game_variant,
    phase_of,
    playing_powers,
    position_of,
    seats_of,
    settings_of,
)
from judge.game.knowledge import fold_turn, writer_of
from judge.game.refusals import Explainer, project
from judge.game.schedule import next_deadline
from judge.game.stages import off_board
from judge.game.writer_view import Known, writer_view
from judge.store import repo, repo_games
from judge.store.models import Game, GameState, SeatRole, Turn
from judge.store.repo_games import current_turn, locked_game
from judge.variant import Variant

# The turn's notices key for orders sent ahead that its board refused, by power: each a
# line as written and its refusal (judge/engine/refusal.py, stored form).
AHEAD_REFUSED = "ahead_refused"


def open_turn(session: Session, game: Game, position: Position, clock: Clock) -> Turn:
    """Store the turn that starts at `position`, its deadline set from the schedule."""
    now = clock.now()
    deadline = next_deadline(settings_of(game).schedule, position.phase.kind, now,
                             _absences(game))
    turn = repo.record_turn(session, game, phase=str(position.phase),
                            position_before=position_to_json(position), deadline=deadline)
    for seat in seats_of(game, SeatRole.PLAYER):
        seat.waiting = False  # SET WAIT holds one turn only, as on the classic judges
    _take_future_orders(session, game, turn, position, clock)
    return turn


def _absences(game: Game) -> list[tuple[datetime, datetime]]:
    return [(datetime.fromisoformat(a), datetime.fromisoformat(b))
            for seat in seats_of(game, SeatRole.PLAYER) for a, b in seat.absences]


def _take_future_orders(session: Session, game: Game, turn: Turn, position: Position,
                        clock: Clock) -> None:
    """Orders sent ahead with PHASE become submissions once their phase opens; the lines
    the board as it turned out refuses are kept in the turn's notices with their reasons,
    for the report that opens the phase to tell their writer (AHEAD_REFUSED)."""
    variant = game_variant(game)
    refused: dict[str, list[list[Any]]] = {}
    for ahead in repo_games.future_orders_for(session, game, turn.phase):
        merged: dict[str, ordering.Written] = {}
        writer = writer_of(session, game, ahead.power)
        read, unread = ordering.read_lines(variant, position.phase,
                                           enumerate(ahead.lines, 1), writer)
        errors = [*unread, *ordering.merge(variant, position, ahead.power, merged, read,
                                           writer.knowledge)]
        order_sets.save_set(session, turn, ahead.power, merged, clock, None)
        repo_games.delete_future_order(session, ahead)
        if errors:
            refused[ahead.power] = _refusals(variant, position, ahead.power,
                                             writer.knowledge, merged, errors)
    if refused:
        turn.notices = {**turn.notices, AHEAD_REFUSED: refused}


def _refusals(variant: Variant, position: Position, power: str, known: Known,
              merged: dict[str, ordering.Written],
              errors: Sequence[ordering.LineError]) -> list[list[Any]]:
    """Each refused line sent ahead and its reason, as the reply to it would have given it
    (refusals.py's Explainer: in words the writer's knowledge makes true, an order of
    another phase's kind in HELP ORDERS' words), without the reply's notes: no phase
    has moved on for them, and the report that tells them shows the board."""
    why = Explainer(variant, position, power, merged, [], lambda: None, known)
    seen = writer_view(variant, position, power, known)[1]
    return [[e.text.strip(), refusal_to_json(project(
        (why.refused(e) if e.refusal is not None else why.unreadable(e))[:1], seen)[0])]
        for e in sorted(errors, key=lambda e: e.line_no)]


def collect_orders(session: Session, game: Game, turn: Turn) -> dict[str, list[Order]]:
    variant, position = game_variant(game), position_of(turn)
    return {power: [canonical(variant, position, order, power) for order in ordering.orders_of(
        order_sets.latest_set(session, variant, turn, power))] for power in playing_powers(game)}


def adjudicate_turn(session: Session, game: Game, turn: Turn,
                    orders: Mapping[str, Sequence[Order]] | None = None) -> TurnResult:
    """The turn's result from its current orders and the master's answers so far,
    changing nothing (also PREVIEW's)."""
    variant = game_variant(game)
    if orders is None:
        orders = collect_orders(session, game, turn)
    board = polls.with_polls(turn, master_decisions.with_answers(turn, position_of(turn)))
    result = adjudicate(variant.rules, board, orders)
    after = polls.without_polls(master_decisions.without_answers(result.position))
    return result._replace(position=off_board(after))


def process_turn(session: Session, game: Game, clock: Clock,
                 expected_phase: str | None = None) -> tuple[Turn, TurnResult, Turn | None]:
    """Adjudicate the open turn and open the next one, under the game's lock.

    Returns (processed turn, result, next turn or None when the game ended). With
    `expected_phase`, a turn already processed is refused rather than processed twice.
    """
    game = locked_game(session, game)
    turn = _turn_to_process(session, game, expected_phase)
    orders = collect_orders(session, game, turn)
    waiting = master_decisions.unanswered(game, turn, position_of(turn), orders)
    if waiting:
        raise master_decisions.AwaitingDecision(game, waiting)
    result = adjudicate_turn(session, game, turn, orders)
    turn.position_after = position_to_json(result.position)
    registry = game_variant(game).rules.registry
    turn.events = [event_to_json(registry, e) for e in result.events]
    fold_turn(session, game, turn, result.events, result.position)
    turn.processed_at = clock.now()
    if result.next_phase is None:
        _finish(game, result)
        return turn, result, None
    return turn, result, open_turn(session, game, result.position, clock)


def _turn_to_process(session: Session, game: Game, expected_phase: str | None) -> Turn:
    if game.state != GameState.ACTIVE:
        raise GameError(f"game {game.name} is {game.state.value}, not active; "
                        "nothing is processed until it is (RESUME a paused game)")
    turn = current_turn(session, game)
    if turn is None:
        raise GameError(f"game {game.name} has no open turn")
    if expected_phase is not None and Phase.parse(expected_phase) != phase_of(turn):
        raise GameError(f"the current phase of {game.name} is {turn.phase}, not "
                        f"{expected_phase.upper()}; nothing was processed")
    return turn


def _finish(game: Game, result: TurnResult) -> None:
    game.state = GameState.FINISHED
    game.result = {"kind": "solo" if len(result.winners) == 1 else "win",
                   "winners": list(result.winners), "phase": str(result.phase)}
