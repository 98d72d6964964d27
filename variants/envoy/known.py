"""What an Envoy player's knowledge record keeps (judge/engine/knowledge.py): the board as
he last saw it (the default record), and what Stab Envoy tells him in place of the board
it hides (rule 12 a, c, e), so that his reports, HISTORY included, read it from the record.

12a and c tell him, every turn, the players' powers, the Major Allies and the Controlled
Neutrals, each with its player (the Major Allies' units are on the board kept). 12e tells
him, after each Autumn, every power's centre count unnamed in random order, the powers
eliminated that turn and the capture of the last unowned centre. The record keeps the
last telling of each with the phase that told it: what the player knows until he is told
again. A record kept before it held them (the key missing) leaves the report to the turn's
own notices, as before records kept them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.knowledge import Knowledge, last_seen, last_seen_board
from judge.engine.position import Position
from judge.engine.types import Phase
from judge.engine.visibility import Notice, Seen, Viewer

from .stab import Topic

# The record's keys, and the known board's state keys, for the last telling of 12a and c
# and of 12e (None: none yet, or a game that tells none).
STANDING_TOLD = "standing told"
CENTRES_TOLD = "centres told"
TOLD = (STANDING_TOLD, CENTRES_TOLD)


def fold(known: Mapping[str, Any], viewer: Viewer, phase: Phase, seen: Sequence[Seen],
         board: Position) -> Knowledge:
    """`Rules.knowledge`: the default record, with what this turn told of the players and
    the centres, else what an earlier turn did."""
    record = last_seen(known, viewer, phase, seen, board)
    record[STANDING_TOLD] = standing_of(phase, seen) or known.get(STANDING_TOLD)
    record[CENTRES_TOLD] = counts_of(phase, seen) or known.get(CENTRES_TOLD)
    return record


def standing_of(phase: Phase, seen: Sequence[Seen]) -> dict[str, Any] | None:
    """What `seen` tells of who plays and orders what (12a, c), as the record keeps it:
    the Major Allies and Controlled Neutrals as [country, player]; None: nothing."""
    notices = [n for n in seen if isinstance(n, Notice)]
    players = [p for n in notices if n.topic == Topic.PLAYERS for p in n.powers]
    allies = [list(n.powers) for n in notices if n.topic == Topic.ALLY]
    controlled = [list(n.powers) for n in notices if n.topic == Topic.CONTROLLED]
    if not (players or allies or controlled):
        return None
    return {"phase": str(phase), "players": players, "allies": allies,
            "controlled": controlled}


def counts_of(phase: Phase, seen: Sequence[Seen]) -> dict[str, Any] | None:
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
    """`Rules.known_board`: the default's board, with the record's tellings in its state
    for the report (report.py); a record of another phase, or without a telling's key,
    leaves the state as shown."""
    board = last_seen_board(known, shown)
    kept = {key: known[key] for key in TOLD if key in known}
    if known.get("phase") != str(shown.phase) or not kept:
        return board
    return board._replace(state={**board.state, **kept})
