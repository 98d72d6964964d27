"""The board as one reader may see it (BOARD): units by power, supply centres with their
counts, the builds and removals due in an adjustment phase, the dislodged units and where
they may retreat.

Built, as the reports are, from the reader's board (judge/game/seat_board.py: what his
knowledge record keeps, on the phase as the variant's visibility shows it), so a hidden
unit never reaches the view.
A dislodged unit is shown only if the reader would see it standing on the board, and a
power's builds or removals only if the reader sees all they are counted from: its centres
and its units that take supply (not Envoy's diplomats, whose presence is no count's
business: issue #13).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from judge.engine.adjustments import adjustment_counts
from judge.engine.outcome import Dislodgement
from judge.engine.position import Position
from judge.engine.types import ADJUSTMENT, Unit
from judge.engine.visibility import Viewer, hides
from judge.game.clock import format_deadline
from judge.grammar.notation import unit_text
from judge.reports.lines import unit_key
from judge.reports.views import (
    AdjustmentLine,
    CentreHolding,
    DislodgedUnit,
    board_powers,
    dislodged_units,
    holdings,
    knows_count,
    recipient_name,
)
from judge.variant import Variant, power_name


@dataclass(frozen=True, slots=True)
class PowerUnits:
    power: str
    units: tuple[str, ...]  # 'A Paris', by province name


@dataclass(frozen=True, slots=True)
class BoardView:
    game_title: str
    recipient: str
    title: str  # 'Spring 1901 Movement', or what the board is after
    units: tuple[PowerUnits, ...]
    centres: tuple[CentreHolding, ...]
    adjustments: tuple[AdjustmentLine, ...]
    dislodged: tuple[DislodgedUnit, ...]
    deadline: str | None
    hidden: bool  # the game may keep part of the board from the reader
    changes: tuple[()] = ()  # the reports' centre section takes changes; a board has none


def build_board(variant: Variant, position: Position, viewer: Viewer, title: str,
                deadline: datetime | None = None, zone: str = "UTC",
                board: Position | None = None) -> BoardView:
    """The board of `position` as `viewer` knows it: `board`, what his knowledge record
    keeps (judge/game/seat_board.py), or None: as the visibility shows it; `title` names
    what it is."""
    if board is None:
        board = variant.rules.visibility.board(position, viewer)
    return BoardView(
        game_title=variant.title,
        recipient=recipient_name(viewer),
        title=title,
        units=_units(variant, board),
        centres=holdings(variant, board),
        adjustments=_due(variant, position, board),
        dislodged=_dislodged(variant, position, board, viewer),
        deadline=format_deadline(deadline, zone) if deadline is not None else None,
        # Whether the game may hide anything from him, not whether it does now: that a
        # board hides something at the moment would tell him so (a decoy, rn45 C8).
        hidden=hides(variant.rules.visibility, position, viewer),
    )


def _units(variant: Variant, board: Position) -> tuple[PowerUnits, ...]:
    geo = variant.rules.geo
    return tuple(
        PowerUnits(power_name(p), tuple(unit_text(geo, u.kind, u.loc) for u in sorted(
            board.units_of(p), key=lambda u: unit_key(geo, u))))
        for p in board_powers(variant, board) if board.units_of(p))


def _due(variant: Variant, position: Position,
         board: Position) -> tuple[AdjustmentLine, ...]:
    """In an adjustment phase, each power's builds or removals, where the reader sees
    everything they are counted from."""
    if position.phase.kind != ADJUSTMENT:
        return ()
    counts = adjustment_counts(variant.rules, position)
    return tuple(
        AdjustmentLine(power_name(p.name), counts[p.name]) for p in variant.powers
        if counts.get(p.name) and knows_count(variant, position, board, p.name))


def _dislodged(variant: Variant, position: Position, board: Position,
               viewer: Viewer) -> tuple[DislodgedUnit, ...]:
    # Their retreats as the reader's board tells them (Stab Envoy: not those barred by
    # units he cannot see, issue #13 item 3), as his turn report gave them.
    told = {_piece(d.unit): d for d in board.dislodged}
    return dislodged_units(variant, (told.get(_piece(d.unit), d) for d in position.dislodged
                                     if _visible(variant, position, viewer, d)))


def _visible(variant: Variant, position: Position, viewer: Viewer, d: Dislodgement) -> bool:
    """Whether the reader would see the dislodged unit if it still stood on the board."""
    standing = position.with_board((*position.units, d.unit))
    return _piece(d.unit) in map(_piece, variant.rules.visibility.board(standing, viewer).units)


def _piece(unit: Unit) -> tuple[str, str, str]:
    """A unit as a piece on the board: a unit shown to the reader as another of its kind in
    its place, what it carries hidden, is seen (else its absence would tell of it)."""
    return unit.power, unit.kind, unit.loc
