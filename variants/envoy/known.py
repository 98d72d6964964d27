"""What an Envoy player's knowledge record keeps (judge/engine/knowledge.py): the board as
he last saw it (the default record), and what Stab Envoy told him of the centres he may
not see (rule 12e), so that his reports, HISTORY included, read it from the record.

12e tells a player, after each Autumn, every power's centre count unnamed in random order,
the powers eliminated that turn and the capture of the last unowned centre. The record
keeps the last such telling with the phase that told it: what the player knows of the
counts until the next Autumn tells him again. A record kept before it held them (the key
missing) leaves the report to the turn's own notices, as before records kept them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.knowledge import Knowledge, last_seen, last_seen_board
from judge.engine.position import Position
from judge.engine.types import Phase
from judge.engine.visibility import Notice, Seen, Viewer

from .stab import Topic

# The record's key, and the known board's state key, for the last 12e telling (None:
# none yet, or a game that tells none).
CENTRES_TOLD = "centres told"


def fold(known: Mapping[str, Any], viewer: Viewer, phase: Phase, seen: Sequence[Seen],
         board: Position) -> Knowledge:
    """`Rules.knowledge`: the default record, with what this turn told of the centres,
    else what an earlier turn did."""
    record = last_seen(known, viewer, phase, seen, board)
    record[CENTRES_TOLD] = told_of(phase, seen) or known.get(CENTRES_TOLD)
    return record


def told_of(phase: Phase, seen: Sequence[Seen]) -> dict[str, Any] | None:
    """What `seen` tells of the centres (12e), as the record keeps it; None: nothing."""
    notices = [n for n in seen if isinstance(n, Notice)]
    counts = [c for n in notices if n.topic == Topic.COUNTS for c in n.numbers]
    eliminated = [p for n in notices if n.topic == Topic.ELIMINATED for p in n.powers]
    last_neutral = any(n.topic == Topic.LAST_NEUTRAL for n in notices)
    if not (counts or eliminated or last_neutral):
        return None
    return {"phase": str(phase), "counts": counts, "eliminated": eliminated,
            "last_neutral": last_neutral}


def known_board(known: Mapping[str, Any], shown: Position) -> Position:
    """`Rules.known_board`: the default's board, with the record's 12e telling in its
    state for the report (report.py); a record of another phase or without the key
    leaves the state as shown."""
    board = last_seen_board(known, shown)
    if known.get("phase") != str(shown.phase) or CENTRES_TOLD not in known:
        return board
    return board._replace(state={**board.state, CENTRES_TOLD: known[CENTRES_TOLD]})
