"""ROLLBACK and ROLLFORWARD: take a game back to the start of a processed phase, and replay.

A rollback deletes the turns after the target and opens the target again with its own
orders. Nothing players sent is lost: each later turn's current orders become orders sent
ahead for that phase (FutureOrder rows), which the turn takes up when it opens again. The
audit entry of the rollback records which phases it undid, so ROLLFORWARD can process them
again, one after another, while the game follows the same phases; with the same orders it
comes back to exactly the position it left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from judge.engine.types import Phase
from judge.game.clock import Clock
from judge.game.errors import GameError
from judge.game.games import phase_of, seats_of
from judge.game.master_decisions import kept_decisions
from judge.game.mastering import audit, fresh_deadline, set_deadline
from judge.game.votes import withdraw
from judge.store import repo, repo_games, repo_knowledge
from judge.store.models import Account, Game, GameState, Order, SeatRole, Turn, VoteKind
from judge.store.repo_games import locked_game, turns_of

ROLLBACK = "rollback"
ROLLFORWARD = "rollforward"
REOPEN = "reopen"


@dataclass(frozen=True, slots=True)
class Plan:
    """What a ROLLFORWARD would process: `replay` in order, ending with `open` open."""

    to: str
    replay: tuple[str, ...]
    open: str | None

    def to_json(self) -> dict[str, Any]:
        return {"to": self.to, "replay": list(self.replay), "open": self.open}


def rollback(session: Session, game: Game, clock: Clock, actor: Account | None,
             target: Phase | None = None) -> tuple[Turn, list[str]]:
    """Reopen `target` (default: the last processed phase); the phases removed."""
    game = locked_game(session, game)
    if target is None and ended_by_ruling(game):
        return _reopen_ended(session, game, clock, actor), []
    turns = turns_of(session, game)
    turn = _target(game, [t for t in turns if t.processed_at is not None], target)
    later = turns[turns.index(turn) + 1:]
    plan = _plan(session, game, turn, later)
    _keep_orders(session, game, later)
    for old in later:
        repo_games.delete_orders_of(session, old)
        repo_knowledge.delete_knowledge_of(session, old)
        repo_games.delete_turn(session, old)
    session.flush()  # the phases must be free before ROLLFORWARD stores them again
    repo_knowledge.delete_knowledge_of(session, turn)
    _reopen(game, turn, clock)
    removed = [t.phase for t in later]
    audit(session, game, actor, ROLLBACK, removed=removed, **plan.to_json())
    return turn, removed


def ended_by_ruling(game: Game) -> bool:
    """A game a vote or the master's END GAME ended, not a turn: the turn open then was
    never processed, so ROLLBACK alone reopens it rather than undo the phase before it."""
    return game.state == GameState.FINISHED and (game.result or {}).get("by") in (
        "vote", "master")


def _reopen_ended(session: Session, game: Game, clock: Clock, actor: Account | None) -> Turn:
    """Newcomer 22: a master who ended a game by mistake (or whose players thought again)
    was told 'nothing to roll back' in the first phase, and lost a phase later on."""
    turn = next(iter(turns_of(session, game)[-1:]), None)  # current_turn: None when over
    if turn is None or turn.processed_at is not None:
        raise GameError(f"game {game.name} ended before its start; there is nothing to "
                        "reopen")
    ended = dict(game.result or {})
    for seat in seats_of(game, SeatRole.PLAYER):  # a vote left standing would end it again
        for kind in VoteKind:
            withdraw(session, seat, kind)
    _reopen(game, turn, clock)
    audit(session, game, actor, REOPEN, phase=turn.phase, ended=ended)
    return turn


def _target(game: Game, processed: list[Turn], target: Phase | None) -> Turn:
    if game.state == GameState.FORMING or not processed:
        raise GameError(f"no phase of {game.name} has been processed yet; there is "
                        "nothing to roll back")
    if target is None:
        return processed[-1]
    for turn in processed:
        if phase_of(turn) == target:
            return turn
    done = ", ".join(t.phase for t in processed)
    raise GameError(f"{target} is not a processed phase of {game.name}; roll back to "
                    f"one of {done}, e.g. ROLLBACK {processed[-1].phase}")


def _plan(session: Session, game: Game, turn: Turn, later: Sequence[Turn]) -> Plan:
    replay = [turn.phase, *(t.phase for t in later if t.processed_at is not None)]
    open_now = next((t.phase for t in later if t.processed_at is None), None)
    before = last_plan(session, game)
    # Rolling back again before anything moved on extends the earlier rollback, so one
    # ROLLFORWARD still returns to where the game was before both.
    if before is not None and open_now == before.to:
        return Plan(turn.phase, (*replay, *before.replay), before.open)
    return Plan(turn.phase, tuple(replay), open_now)


def last_plan(session: Session, game: Game) -> Plan | None:
    entry = repo_games.last_audit_entry(session, game, ROLLBACK)
    if entry is None:
        return None
    detail = entry.detail
    return Plan(detail["to"], tuple(detail["replay"]), detail.get("open"))


def _keep_orders(session: Session, game: Game, later: Sequence[Turn]) -> None:
    """Each later turn's current orders, as orders sent ahead for its phase."""
    for turn in later:
        for power, row in repo.latest_orders(session, turn).items():
            if row.lines:
                _store_ahead(session, game, turn.phase, power, row)


def _store_ahead(session: Session, game: Game, phase: str, power: str, row: Order) -> None:
    ahead = (repo_games.future_order(session, game, phase, power)
             or repo_games.new_future_order(session, game, phase, power))
    ahead.lines = list(row.lines)
    ahead.submitted_at = row.submitted_at
    ahead.inbox_id = row.inbox_id


def _reopen(game: Game, turn: Turn, clock: Clock) -> None:
    turn.processed_at = None
    turn.position_after = None
    turn.events = None
    set_deadline(turn, fresh_deadline(game, turn, clock.now()))
    # Read by the deadline sweep: its orders are all still in, and it must not be
    # replayed before the master or the players could change them.
    turn.notices = {"reopened": True, **kept_decisions(turn)}
    for seat in seats_of(game, SeatRole.PLAYER):
        seat.waiting = False
    if game.state == GameState.FINISHED:  # a won game rolled back is played on
        game.state, game.result = GameState.ACTIVE, None
