"""Each seat's knowledge record (judge/engine/knowledge.py): folded when a turn is
processed, in the same transaction, from what that seat was shown of it; read back by
whatever tells the seat something.

Powers without a player get a record too: a player who takes one over later must know
what it knew, no more."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from sqlalchemy.orm import Session

from judge.engine.knowledge import Knowledge
from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Phase
from judge.engine.visibility import Viewer, projection
from judge.game.games import game_variant, position_of
from judge.grammar.reader import Writer
from judge.store import repo_knowledge
from judge.store.models import Game, Turn
from judge.store.repo_games import current_turn


def fold_turn(session: Session, game: Game, turn: Turn, events: Sequence[Event],
              after: Position) -> None:
    """Store every power's record after `turn`, whose `events` led to `after`."""
    rules = game_variant(game).rules
    phase = Phase.parse(turn.phase)
    known = everyones_knowledge(session, game)
    for power in rules.powers:
        before = known[power]
        viewer = Viewer.player(power)
        seen = projection(rules.visibility, phase, events, after, viewer)
        record = rules.knowledge(before, viewer, phase, seen,
                                 rules.visibility.board(after, viewer))
        repo_knowledge.store_knowledge(session, turn, power, record)


class _Known(Mapping[str, Any]):
    """A seat's record, read from the store the first time a reader looks into it: most
    readers never do, and then nothing is read."""

    def __init__(self, session: Session, game: Game, power: str) -> None:
        self._where = (session, game, power)
        self._record: Knowledge | None = None

    def _loaded(self) -> Knowledge:
        if self._record is None:
            self._record = knowledge_of(*self._where)
        return self._record

    def __getitem__(self, key: str) -> Any:
        return self._loaded()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())


def writer_of(session: Session, game: Game, power: str) -> Writer:
    """Who writes an order line of `power` in `game`, with what that seat knows (the order
    reader's context: judge/grammar/reader.py)."""
    return Writer(power, _Known(session, game, power))


def knowledge_of(session: Session, game: Game, power: str) -> Knowledge:
    """What `power`'s seat knows now: its record after the last processed turn; before any
    (or for turns processed before records were kept), the open board as it sees it."""
    stored = repo_knowledge.latest_knowledge(session, game, power)
    if stored is not None:
        return dict(stored)
    rules = game_variant(game).rules
    turn = current_turn(session, game)
    start = position_of(turn) if turn is not None else game_variant(game).start
    return _first(rules, start, power)


def everyones_knowledge(session: Session, game: Game) -> dict[str, Knowledge]:
    """knowledge_of every power, read at once."""
    stored = repo_knowledge.latest_knowledge_of_all(session, game)
    rules = game_variant(game).rules
    missing = [power for power in rules.powers if power not in stored]
    out = {power: dict(record) for power, record in stored.items()}
    if missing:
        turn = current_turn(session, game)
        start = position_of(turn) if turn is not None else game_variant(game).start
        out.update((power, _first(rules, start, power)) for power in missing)
    return out


def _first(rules: Rules, start: Position, power: str) -> Knowledge:
    viewer = Viewer.player(power)
    return rules.knowledge({}, viewer, start.phase, (), rules.visibility.board(start, viewer))
