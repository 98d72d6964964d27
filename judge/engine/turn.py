"""One call adjudicates a phase and moves the board to the next phase that needs orders."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.engine.adjustments import AdjustmentPhase
from judge.engine.movement import MovementPhase
from judge.engine.orders import Order
from judge.engine.outcome import CentreChange, Event, OrderResult
from judge.engine.position import Position
from judge.engine.retreats import RetreatPhase
from judge.engine.rules import PhaseHandler, Rules
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, Phase, province_of


@dataclass(frozen=True, slots=True)
class TurnResult:
    phase: Phase
    results: tuple[OrderResult, ...]
    position: Position  # the board at the start of `next_phase`
    events: tuple[Event, ...]
    next_phase: Phase | None  # None once the game is won
    winner: str | None = None


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
        if rules.calendar.ends_season(current, nxt) and \
                rules.calendar.season(current.season).takes_centres:
            board, changes = take_centres(rules, board)
            events.extend(changes)
            winner = rules.victory(rules, board)
            if winner:
                return TurnResult(phase, outcome.results, board, tuple(events), None, winner)
        board = board.with_phase(nxt)
        if rules.handler(nxt).needed(rules, board):
            return TurnResult(phase, outcome.results, board, tuple(events), nxt)
        current = nxt


def take_centres(rules: Rules, position: Position) -> tuple[Position, list[CentreChange]]:
    """Centres occupied when the season ends change hands; empty ones keep their owner."""
    owners = dict(position.owners)
    changes = []
    for unit in position.units:
        prov = province_of(unit.loc)
        takes = rules.kinds[unit.kind].takes_centres
        if takes and prov in rules.geo.supply_centres and owners.get(prov) != unit.power:
            changes.append(CentreChange(prov, owners.get(prov), unit.power))
            owners[prov] = unit.power
    return Position(position.phase, position.units, owners, position.dislodged), changes
