"""The queries about what each seat knew after each turn (the knowledge records,
judge/game/knowledge.py folds them), in the terms of repo: one query, insert or delete
each, nothing committed or flushed here. The records a turn's fold stores are kept for its
transaction, so that the turn's reports read them back without a query.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session, SessionTransaction

from judge.store.models import Game, Knowledge, Turn

_FOLDED = "judge.repo.folded"


def store_knowledge(session: Session, turn: Turn, power: str, record: dict[str, Any]) -> None:
    session.add(Knowledge(turn_id=turn.id, power=power, record=record))
    _folded(session, turn)[power] = record


def _folded(session: Session, turn: Turn) -> dict[str, dict[str, Any]]:
    """The records stored with `turn` in this transaction, which its reports read back at
    once (knowledge_after): kept apart from `memo`, which opening the next turn empties,
    and for the outer transaction only; any rollback, a savepoint's included, forgets
    them (_forget_undone), so a rolled-back fold is never read."""
    transaction = session.get_transaction()
    held = session.info.get(_FOLDED)
    if held is None or held[0] is not transaction or held[1] != turn.id:
        held = (transaction, turn.id, {})
        session.info[_FOLDED] = held
    kept: dict[str, dict[str, Any]] = held[2]
    return kept


@sa.event.listens_for(Session, "after_soft_rollback")
def _forget_undone(session: Session, _previous: SessionTransaction) -> None:
    """A savepoint rolled back (a message of the worker's batch that failed) undid the
    records its folds stored: a master's replay of a phase, whose records a MAP later in
    the batch drew from (tests/secrecy/test_adv5_savepoint.py)."""
    session.info.pop(_FOLDED, None)


def latest_knowledge(session: Session, game: Game, power: str) -> dict[str, Any] | None:
    """The power's record after the game's last processed turn that has one."""
    query = (sa.select(Knowledge.record).join(Turn, Turn.id == Knowledge.turn_id)
             .where(Turn.game_id == game.id, Knowledge.power == power)
             .order_by(Turn.id.desc()).limit(1))
    return session.scalars(query).first()


def latest_knowledge_of_all(session: Session, game: Game) -> dict[str, dict[str, Any]]:
    """latest_knowledge of every power that has a record, in one query (a turn's fold
    reads every seat's: issue #18)."""
    last = (sa.select(Knowledge.power, sa.func.max(Knowledge.turn_id).label("turn_id"))
            .join(Turn, Turn.id == Knowledge.turn_id).where(Turn.game_id == game.id)
            .group_by(Knowledge.power).subquery())
    query = sa.select(Knowledge.power, Knowledge.record).join(
        last, sa.and_(Knowledge.power == last.c.power, Knowledge.turn_id == last.c.turn_id))
    return {power: record for power, record in session.execute(query)}


def knowledge_after(session: Session, turn: Turn) -> dict[str, dict[str, Any]]:
    """Every power's record stored with `turn` (the turn's reports read them at once)."""
    held = session.info.get(_FOLDED)
    if held is not None and held[0] is session.get_transaction() and held[1] == turn.id:
        return dict(held[2])
    query = sa.select(Knowledge.power, Knowledge.record).where(Knowledge.turn_id == turn.id)
    return {power: record for power, record in session.execute(query)}


def knowledge_by_turn(session: Session, game: Game, power: str) -> dict[int, dict[str, Any]]:
    """The power's record after each of the game's turns that has one, by turn id
    (HISTORY and SUMMARY read what the seat knew at each turn, in one query)."""
    query = (sa.select(Knowledge.turn_id, Knowledge.record)
             .join(Turn, Turn.id == Knowledge.turn_id)
             .where(Turn.game_id == game.id, Knowledge.power == power))
    return {turn_id: record for turn_id, record in session.execute(query)}


def delete_knowledge_of(session: Session, turn: Turn) -> None:
    """What every seat learnt from the turn: it is being played again or removed."""
    session.info.pop(_FOLDED, None)
    session.execute(sa.delete(Knowledge).where(Knowledge.turn_id == turn.id))
