"""What each player knows: a record per seat, folded turn by turn from what it was shown.

A visibility says what a viewer may see of one turn; the knowledge record is what the
viewer has learnt over the game, so that what he is told later (LIST, HISTORY, the
order reader, pictures) can be computed from it alone. The record is JSON-able and its
keys are the variant's: `Rules.knowledge` folds the previous record with one turn's
projection (`visibility.projection`) for that viewer and the board as he sees it after
the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from judge.engine.codec import unit_from_json, unit_to_json
from judge.engine.position import Position
from judge.engine.types import Phase
from judge.engine.visibility import Seen, Viewer

Knowledge = dict[str, Any]
KnowledgeFold = Callable[[Mapping[str, Any], Viewer, Phase, Sequence[Seen], Position],
                         Knowledge]
# The board a seat's record shows it, for the order check: (record, the board as the
# visibility shows him the open phase) -> the board his lines are checked on.
KnownBoard = Callable[[Mapping[str, Any], Position], Position]


def last_seen(known: Mapping[str, Any], viewer: Viewer, phase: Phase, seen: Sequence[Seen],
              board: Position) -> Knowledge:
    """The default record: the board as the viewer last saw it, and when. Under full
    information that is the whole board, so the record adds nothing a report does not."""
    return {"phase": str(board.phase),
            "units": [unit_to_json(u) for u in board.units],
            "owners": dict(sorted(board.owners.items()))}


def last_seen_board(known: Mapping[str, Any], shown: Position) -> Position:
    """The units and owners `last_seen` kept, on the phase as shown (its dislodged units
    and public state). A record of another form (a variant's own fold keeps its own board
    or none) or of another phase (a turn rolled back, a game from before records were
    kept) leaves the board as shown."""
    units = known.get("units")
    # dict, not Mapping: a record is JSON, and the ABC check costs per unit per report.
    if known.get("phase") != str(shown.phase) or not isinstance(units, list) \
            or not all(isinstance(u, dict) for u in units):
        return shown
    return shown._replace(units=tuple(unit_from_json(u) for u in units),
                          owners=dict(known.get("owners", shown.owners)))
