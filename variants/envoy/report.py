"""What Stab Envoy's reports tell in place of the board they hide (rule 12 a, c, e): two
report sections, built from the notices its visibility gives each reader (stab.py) and
from what his knowledge record keeps of them (known.py), and written by templates/
variants/envoy/standing.j2 and counts.j2.

A reader whose projection holds no such notice (Secret Envoy, a game without hidden
movement, the master) gets neither section: its report is the common frame alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.engine.geo import Geography
from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.types import Unit
from judge.engine.visibility import Notice, Seen, Viewer
from judge.grammar.notation import unit_text
from judge.variant import ReportSection, Variant, power_name

from .control import DIPLOMAT
from .known import CENTRES_TOLD, told_of
from .stab import Topic


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


def _of(seen: Sequence[Seen], topic: str) -> list[Notice]:
    return [n for n in seen if isinstance(n, Notice) and n.topic == topic]


def _country(geo: Geography, n: Notice, units: Sequence[Unit] = ()) -> Controlled:
    power, player = n.powers
    return Controlled(power_name(power), power_name(player),
                      tuple(unit_text(geo, u.kind, u.loc) for u in units))


def _ally(geo: Geography, n: Notice, board: Position) -> Controlled:
    """12c: a Major Ally with its armies and fleets as the reader's board has them (his
    stored record's, ReportSection.on_known_board), not as the turn left them."""
    power = n.powers[0]
    return _country(geo, n, [u for u in board.units if u.power == power and u.kind != DIPLOMAT])


def standing(variant: Variant, turn: TurnResult, viewer: Viewer,
             seen: Sequence[Seen]) -> Standing | None:
    geo, board = variant.rules.geo, turn.position
    found = Standing(tuple(power_name(p) for n in _of(seen, Topic.PLAYERS) for p in n.powers),
                     tuple(_ally(geo, n, board) for n in _of(seen, Topic.ALLY)),
                     tuple(_country(geo, n) for n in _of(seen, Topic.CONTROLLED)))
    return found if found.players or found.allies or found.controlled else None


def counts(variant: Variant, turn: TurnResult, viewer: Viewer,
           seen: Sequence[Seen]) -> Counts | None:
    """12e as the reader's record keeps it (known.py; the board is his, ReportSection.
    on_known_board): only when this turn told it. A board not read from such a record
    (the master's, an observer's, a turn kept before records held it) has the turn's."""
    state = turn.position.state
    told = state[CENTRES_TOLD] if CENTRES_TOLD in state else told_of(turn.phase, seen)
    if not isinstance(told, Mapping) or told.get("phase") != str(turn.phase):
        return None
    found = Counts(tuple(int(c) for c in told.get("counts", ())),
                   tuple(power_name(str(p)) for p in told.get("eliminated", ())),
                   bool(told.get("last_neutral")))
    return found if found.counts or found.eliminated or found.last_neutral else None


SECTIONS = (ReportSection("after_heading", "standing.j2", standing, on_known_board=True),
            ReportSection("after_centres", "counts.j2", counts, on_known_board=True))
