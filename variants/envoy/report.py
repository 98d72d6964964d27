"""What Stab Envoy's reports tell in place of the board they hide (rule 12 a, c, e): two
report sections, built from what a player's knowledge record keeps of the notices its
visibility gave him (known.py, stab.py), and written by templates/variants/envoy/
standing.j2 and counts.j2. A reader without a record (an observer) reads the turn's
notices.

A reader told no such notice (Secret Envoy, a game without hidden movement, the master)
gets neither section: its report is the common frame alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.geo import Geography
from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.types import Phase, Unit
from judge.engine.visibility import Seen, Viewer
from judge.grammar.notation import unit_text
from judge.variant import ReportSection, Variant, power_name

from .control import DIPLOMAT
from .known import CENTRES_TOLD, STANDING_TOLD, counts_of, standing_of


@dataclass(frozen=True, slots=True)
class Controlled:
    """A neutral country a player orders (6), as a Stab Envoy report tells it."""

    power: str
    player: str
    units: tuple[str, ...]  # 'A Venice'; for a Major Ally only (12c)


@dataclass(frozen=True, slots=True)
class Standing:
    """12a and c: the players' powers, every Major Ally with its units, every Controlled
    Neutral by name, each with the player who orders it."""

    players: tuple[str, ...]
    allies: tuple[Controlled, ...]
    controlled: tuple[Controlled, ...]


@dataclass(frozen=True, slots=True)
class Counts:
    """12e: the centre counts, unnamed, in random order; eliminations; the last unowned
    centre taken."""

    counts: tuple[int, ...]
    eliminated: tuple[str, ...]
    last_neutral: bool


def _country(geo: Geography, country: str, player: str,
             units: Sequence[Unit] = ()) -> Controlled:
    return Controlled(power_name(country), power_name(player),
                      tuple(unit_text(geo, u.kind, u.loc) for u in units))


def _ally(geo: Geography, country: str, player: str, board: Position) -> Controlled:
    """12c: a Major Ally with its armies and fleets as the reader's board has them (his
    stored record's, ReportSection.on_known_board), not as the turn left them."""
    return _country(geo, country, player, [u for u in board.units
                                           if u.power == country and u.kind != DIPLOMAT])


def _told(turn: TurnResult, seen: Sequence[Seen], key: str,
          of_turn: Callable[[Phase, Sequence[Seen]], Mapping[str, Any] | None]
          ) -> Mapping[str, Any] | None:
    """What the reader's record keeps under `key` (known.py; the board is his,
    ReportSection.on_known_board), when this turn told it. A board not read from such a
    record (the master's, an observer's, a turn kept before records held it) has what
    the turn's notices tell (`of_turn`)."""
    state = turn.position.state
    told = state[key] if key in state else of_turn(turn.phase, seen)
    if not isinstance(told, Mapping) or told.get("phase") != str(turn.phase):
        return None
    return told


def standing(variant: Variant, turn: TurnResult, viewer: Viewer,
             seen: Sequence[Seen]) -> Standing | None:
    """12a and c, as the reader was told them this turn."""
    told = _told(turn, seen, STANDING_TOLD, standing_of)
    if told is None:
        return None
    geo, board = variant.rules.geo, turn.position
    found = Standing(tuple(power_name(str(p)) for p in told.get("players", ())),
                     tuple(_ally(geo, str(c), str(p), board) for c, p in told.get("allies", ())),
                     tuple(_country(geo, str(c), str(p)) for c, p in told.get("controlled", ())))
    return found if found.players or found.allies or found.controlled else None


def counts(variant: Variant, turn: TurnResult, viewer: Viewer,
           seen: Sequence[Seen]) -> Counts | None:
    """12e, as the reader was told it this turn."""
    told = _told(turn, seen, CENTRES_TOLD, counts_of)
    if told is None:
        return None
    found = Counts(tuple(int(c) for c in told.get("counts", ())),
                   tuple(power_name(str(p)) for p in told.get("eliminated", ())),
                   bool(told.get("last_neutral")))
    return found if found.counts or found.eliminated or found.last_neutral else None


SECTIONS = (ReportSection("after_heading", "standing.j2", standing, on_known_board=True),
            ReportSection("after_centres", "counts.j2", counts, on_known_board=True))
