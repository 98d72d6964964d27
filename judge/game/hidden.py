"""Whether a game keeps anything from its players: a fact of its rules and options, asked
of the variant's visibility (engine.visibility.hides), never of what stands where, since
what depends on it (when a turn processes, how a concession reads) is told to everyone
(issue #13 items 5 and 7)."""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.visibility import Viewer, hides
from judge.variant import Variant


def hides_from_players(variant: Variant, position: Position) -> bool:
    """Whether the game of `position` may keep anything from one of its players."""
    visibility = variant.rules.visibility
    return any(hides(visibility, position, Viewer.player(p.name)) for p in variant.powers)
