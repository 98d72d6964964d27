"""One call adjudicates a phase and moves the board to the next phase that needs orders."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple

from judge.engine.adjustments import AdjustmentPhase
from judge.engine.movement import MovementPhase
from judge.engine.orders import Order
from judge.engine.outcome import Event, OrderResult
from judge.engine.position import Position
from judge.engine.retreats import RetreatPhase
from judge.engine.rules import PhaseHandler, Rules
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, Phase


class TurnResult(NamedTuple):
    """A NamedTuple, as OrderResult: one is built per phase, and a frozen dataclass costs
    several times as much to build (bench/)."""

    phase: Phase
    results: tuple[OrderResult, ...]
    position: Position  # the board at the start of `next_phase`
    events: tuple[Event, ...]
    next_phase: Phase | None  # None once the game is won
    winners: tuple[str, ...] = ()


def standard_handlers() -> dict[str, PhaseHandler]:
    return {MOVEMENT: MovementPhase(), RETREAT: RetreatPhase(), ADJUSTMENT: AdjustmentPhase()}


def adjudicate(
    rules: Rules, position: Position, orders: Mapping[str, Sequence[Order]]
) -> TurnResult:
    phase = position.phase
    outcome = rules.handler(phase).adjudicate(rules, position, orders)
    board, events = outcome.position, list(outcome.events)
    current = phase
    while True:
        nxt = rules.calendar.following(current)
        if rules.calendar.ends_season(current, nxt):
            board, more = rules.season_end(rules, board, rules.calendar.season(current.season))
            events.extend(more)
            winners = rules.victory(rules, board)
            if winners:
                return TurnResult(phase, outcome.results, board, tuple(events), None, winners)
        board = board.with_phase(nxt)
        if rules.handler(nxt).needed(rules, board):
            # tuple.__new__ is NamedTuple._make without its Python-level __new__ (bench/).
            return _new(TurnResult, (phase, outcome.results, board, tuple(events), nxt, ()))
        current = nxt


_new: Final = tuple.__new__  # a C static once compiled (movement.py)
