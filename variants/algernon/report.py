"""The report section in the game master's notation (II), with the same in plain words:
what the reader's rats did (II.C), what they learnt (II.B, II.D, II.E), where they stand
(II.F) and, after the builds, every player's centre count (7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.visibility import Role, Seen, Viewer
from judge.variant import Variant

from .known import RECORD, chart, initial
from .maze import MAZE_PLAYED, format_maze
from .notation import (
    Initials,
    contact_gm,
    contact_words,
    entry_gm,
    entry_words,
    result_gm,
    units_at,
)
from .sight import Census, Contact, Entry
from .source import maze_of


@dataclass(frozen=True)
class Line:
    gm: str
    words: str


@dataclass(frozen=True)
class GmView:
    lines: tuple[Line, ...]
    units: tuple[str, ...]
    counts: tuple[str, ...]
    chart: tuple[str, ...] = ()
    maze: str = ""  # the whole maze, in its text format: the master's alone (rule 3)


def gm_view(variant: Variant, turn: TurnResult, viewer: Viewer,
            seen: Sequence[Seen]) -> GmView | None:
    initials = {p.name: p.letter for p in variant.powers}
    lines = [_line(e, initials, viewer) for e in seen]
    counts = tuple(f"{initials[p]} {n}" for e in seen if isinstance(e, Census)
                   for p, n in e.by_player().items())
    units = tuple(_units(turn, viewer, initials))
    kept = tuple(line for line in lines if line is not None)
    known = tuple(chart(mine)) if (mine := _map_known(turn.position, viewer)) else ()
    master = viewer.role == Role.MASTER
    whole_text = played_on(variant, turn) if master else ""
    if not (kept or units or counts or known or whole_text):
        return None
    return GmView(kept, units, counts, known, whole_text)


def _map_known(board: Position, viewer: Viewer) -> Mapping[str, Any] | None:
    """A player's map so far as his stored record keeps it (the board is the one he knows,
    ReportSection.on_known_board); a board not read from a record charts it in its state."""
    if viewer.role != Role.PLAYER:
        return None
    recorded = board.state.get(RECORD)
    if isinstance(recorded, Mapping):
        return recorded
    charts = board.state.get("charts")
    mine = charts.get(viewer.power) if isinstance(charts, Mapping) else None
    return mine if isinstance(mine, Mapping) else None


def played_on(variant: Variant, turn: TurnResult) -> str:
    """The maze the turn was played on, as kept with it (movement.py): the master may have
    edited the maze since; a turn kept without it is shown on the maze as it is now."""
    kept = turn.position.state.get(MAZE_PLAYED)
    return kept if isinstance(kept, str) else format_maze(maze_of(variant))


def start_words(variant: Variant, position: Position, viewer: Viewer) -> list[str]:
    """The start notice's part (rule 4): a player's homes, their portal counts and the
    portals that join them; the master where his maze is (rule 3)."""
    if viewer.role == Role.MASTER:
        return ["The maze is yours alone: GET MAP mails it to you, SET MAP ... ENDMAP "
                "changes what no player has learnt (docs/variants/algernon.md)."]
    if viewer.role != Role.PLAYER or viewer.power is None:
        return []
    known = initial(maze_of(variant), viewer.power)
    mine = sorted(u.loc.upper() for u in position.units if u.power == viewer.power)
    told = ["Your homes (rule 4; each space: where its portals lead, SPACE/PORTAL; ? not "
            "yet known):", *(f"  {line}" for line in chart(known)), f"  {units_at(mine)}"]
    if not mine:
        return told
    # The notice named the homes but not how to order: a newcomer's first question.
    return [*told, "", f"Order each rat by its space and a portal number ({mine[0]} to 1 "
            f"attacks out of portal 1, {mine[0]} h holds); your build list goes with the "
            "moves, as there are no build turns to order in. HELP ORDERS, signed on, shows "
            "every form."]


def _line(e: Seen, initials: Initials, viewer: Viewer) -> Line | None:
    if not isinstance(e, Entry | Contact | OrderResult) or getattr(e, "unit", True) is None:
        return None
    who = f"{initials.get(e.power, e.power)}: " if viewer.role == Role.MASTER else ""
    if isinstance(e, Entry):
        return Line(who + entry_gm(e), entry_words(e, initials))
    if isinstance(e, Contact):
        return Line(who + contact_gm(e, initials), contact_words(e, initials))
    return Line(who + result_gm(e), result_words(e))


def result_words(r: OrderResult) -> str:
    """A result in plain words; one carried out with a message says it (a retreat list
    not needed, a rat destroyed with no open portal, I.B) rather than "carried out"."""
    if r.outcome == Outcome.SUCCEEDS:
        return r.message or "carried out"
    said = {Reason.BOUNCED: "bounced", Reason.CUT: "cut", Reason.DISLODGED: "dislodged"}
    what = said.get(r.reason, r.outcome.value) if r.reason else r.outcome.value
    return f"{what}: {r.message}" if r.message else what


def _units(turn: TurnResult, viewer: Viewer, initials: Initials) -> list[str]:
    """II.F: where the reader's rats stand after the turn, as his stored record keeps
    them (the board is the one he knows, ReportSection.on_known_board); the master's,
    every player's as the turn left them. Anyone else is told none: rule 7 makes the
    centre counts the only public fact, and "Units At: none" would say every rat was gone."""
    if viewer.role not in (Role.PLAYER, Role.MASTER):
        return []
    recorded = turn.position.state.get(RECORD)
    if viewer.role == Role.PLAYER and isinstance(recorded, Mapping) \
            and isinstance(recorded.get("units"), list):
        return [units_at([str(space) for space in recorded["units"]])]
    powers = sorted({u.power for u in turn.position.units}) if viewer.role == Role.MASTER \
        else [viewer.power]
    out = []
    for power in powers:
        spaces = sorted(u.loc.upper() for u in turn.position.units if u.power == power)
        prefix = f"{initials.get(str(power), power)}: " if viewer.role == Role.MASTER else ""
        out.append(prefix + units_at(spaces))
    return out
