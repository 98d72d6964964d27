"""The maze is never shown (rule 3): a player sees his own rats, orders and results, what
his sightings tell him (6, 10) and the public centre counts (7: "This is all he makes
public"), not who owns which centre, his own included: which home of his another player
"stumbled into" (rule 9) would tell where that player's rat stood, and a change's other
side who had owned it (tests/secrecy/test_advsec9_algernon_owners.py). The master sees
everything; an observer only the counts. Each player's
knowledge record folds what he was shown (known.py gives its form)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.knowledge import Knowledge
from judge.engine.outcome import Adjustment, Event, OrderResult
from judge.engine.position import Position
from judge.engine.types import Phase
from judge.engine.visibility import Role, Seen, Viewer

from .known import learn, record, with_own_spaces
from .maze import MAZE_PLAYED, Maze
from .mazecheck import Reading
from .sight import Census, Contact, Entry


class MazeSecrecy:
    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        if viewer.role == Role.MASTER:
            return tuple(events)
        return tuple(e for e in events if _shown(e, viewer.power))

    def board(self, position: Position, viewer: Viewer) -> Position:
        if viewer.role == Role.MASTER:
            return position
        mine = viewer.power
        return position._replace(
            units=tuple(u for u in position.units if u.power == mine),
            owners={},  # rule 7: counts only (the module's note)
            dislodged=tuple(d for d in position.dislodged if d.unit.power == mine),
            state=_own_state(position.state, mine))

    def counts_public(self) -> bool:
        return True  # rule 7: every player's centre count, published after each build

    def survivors_told(self, position: Position, dealt: frozenset[str]) -> frozenset[str]:
        """Every power dealt to a player, with the board's: a rat is seen by its owner only
        (F.1), and no elimination is told (rule 7 publishes the centre counts only)."""
        return dealt | {u.power for u in position.units} | set(position.owners.values()) \
            | {d.unit.power for d in position.dislodged}

    def hides(self, position: Position, viewer: Viewer) -> bool:
        """Rule 3, F.1: the maze and every rat but one's own are kept from all but the
        master, whatever stands where. Asked of the board, a player who held every centre
        while the others' last rats were gone would see it whole (no "hides part of the
        board" in his BOARD, the turn waiting for orders, not answers): and so learn that
        no rat of theirs was left (tests/secrecy/test_adv5_algernon.py)."""
        return viewer.role != Role.MASTER


def _own_state(state: Mapping[str, Any], power: str | None) -> dict[str, Any]:
    """The state as one player may see it: his own map and lists, not the others', and
    never the maze the turn was played on (rule 3)."""
    out = {k: v for k, v in state.items() if k != MAZE_PLAYED}
    for key in ("charts", "build_lists"):
        kept = state.get(key)
        if isinstance(kept, Mapping):
            out[key] = {p: v for p, v in kept.items() if p == power}
    return out


def _shown(event: Event, power: str | None) -> bool:
    if isinstance(event, Census):
        return True
    if power is None:
        return False
    if isinstance(event, OrderResult | Adjustment | Entry | Contact):
        return event.power == power
    return False  # dislodgements name the spaces a rat may retreat to


class Remember:
    """The knowledge fold: the record, with what the phase showed folded in."""

    def __init__(self, maze: Maze, reading: Reading) -> None:
        self.maze, self.reading = maze, reading

    def __call__(self, known: Mapping[str, Any], viewer: Viewer, phase: Phase,
                 seen: Sequence[Seen], board: Position) -> Knowledge:
        out = learn(record(known, self.maze, viewer.power),
                    [e for e in seen if isinstance(e, Entry)], self.reading)
        for event in seen:
            if isinstance(event, Census):
                out["centres"] = event.by_player()
        if viewer.power is not None:
            out["units"] = sorted(u.loc.upper() for u in board.units
                                  if u.power == viewer.power)
            out = dict(with_own_spaces(out, self.maze))  # a posed board's (known.py)
        return out
