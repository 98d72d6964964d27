"""What a seat's board is (issue #12 item 4): the one answer BOARD, LIST, SUMMARY, HISTORY,
the turn reports and the pictures read.

A player's board is what his knowledge record keeps (judge/engine/knowledge.py, read back
through `Rules.known_board`), on the phase as the visibility shows it: the record stored
with the open turn's predecessor for what he sees now, the record stored with a past turn
for what he was told then. So a later change of the visibility or of the position never
changes what a seat is shown of a turn gone by. A master, an observer and the public have
no record (records are per power): they get the visibility's board. A turn processed
before records were kept has none either, and is shown through the visibility as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy.orm import Session

from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.visibility import Role, Viewer
from judge.store import repo_knowledge
from judge.store.models import Game, Turn

# A record at hand, or None: none was kept (a master's, an observer's, an old turn's).
Record = Mapping[str, Any] | None


def board_known(rules: Rules, position: Position, viewer: Viewer, record: Record) -> Position:
    """The board `viewer` knows of `position`, given his stored `record`."""
    shown = rules.visibility.board(position, viewer)
    if record is None or not has_record(viewer):
        return shown
    return rules.known_board(record, shown)


def has_record(viewer: Viewer) -> bool:
    """Whether the viewer's seat keeps a knowledge record: a player's does."""
    return viewer.role == Role.PLAYER and viewer.power is not None


def record_now(session: Session, game: Game, viewer: Viewer) -> Record:
    """The viewer's record after the game's last processed turn (the open phase's board)."""
    if not has_record(viewer):
        return None
    assert viewer.power is not None
    return repo_knowledge.latest_knowledge(session, game, viewer.power)


def records_by_turn(session: Session, game: Game,
                    viewer: Viewer) -> Mapping[int, Mapping[str, Any]]:
    """The viewer's record after each past turn, by turn id (empty without a record)."""
    if not has_record(viewer):
        return {}
    assert viewer.power is not None
    return repo_knowledge.knowledge_by_turn(session, game, viewer.power)


def records_after(session: Session, turn: Turn | None) -> Mapping[str, Mapping[str, Any]]:
    """Every power's record stored with `turn`, by power (its reports read them at once)."""
    return {} if turn is None else repo_knowledge.knowledge_after(session, turn)
