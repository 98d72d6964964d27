"""What the reports tell of engineers and prisons (rn45 C1 1a, C4, C5 5c, 5e, C6): one line
per event of the turn, written by templates/engineering.j2: after the centres in a movement
or retreat report, after the heading in an adjustment report (which has no centres)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.engine.turn import TurnResult
from judge.engine.types import ADJUSTMENT
from judge.engine.visibility import Seen, Viewer
from judge.grammar.notation import unit_text
from judge.variant import ReportSection, Variant, power_name

from .orders import WHAT, Engineering
from .season import owner_of


@dataclass(frozen=True, slots=True)
class Told:
    lines: tuple[str, ...]
    standing: tuple[str, ...]  # 'Austrian E Galicia', where each stands after the turn


def line(variant: Variant, event: Engineering) -> str:
    """'Russian E Galicia captured by Austria, now its prison (C4 4a).'"""
    unit = event.unit
    geo = variant.rules.geo
    whose = variant_adjective(variant, unit.power)
    held = f" (taken from {power_name(owner_of(unit))})" if unit.kind == "P" else ""
    text = WHAT[event.what]
    if event.what == "placed":
        text = "placed, to go with the unit there this Spring (C1 1a)"
    elif event.what == "captured":
        text = f"captured by {power_name(event.by)}, now its prison (C4 4a)"
    elif event.what == "bugout":
        text = f"bugged out of an area {power_name(event.by)} holds (C5 5e)"
    return f"{whose} {unit_text(geo, unit.kind, unit.loc)}{held}: {text}."


def variant_adjective(variant: Variant, power: str) -> str:
    info = next((p for p in variant.powers if p.name == power), None)
    return info.adjective if info is not None and info.adjective else power_name(power)


def _told(variant: Variant, turn: TurnResult, seen: Sequence[Seen]) -> Told | None:
    events = sorted((e for e in seen if isinstance(e, Engineering)),
                    key=lambda e: (e.unit.power, e.unit.loc))
    geo = variant.rules.geo
    standing = tuple(f"{variant_adjective(variant, u.power)} {unit_text(geo, u.kind, u.loc)}"
                     for u in sorted(turn.position.units, key=lambda u: (u.power, u.loc))
                     if u.kind in ("E", "P"))
    if not events and not standing:
        return None
    return Told(tuple(line(variant, e) for e in events), standing)


def in_movement(variant: Variant, turn: TurnResult, viewer: Viewer,
                seen: Sequence[Seen]) -> Told | None:
    return None if turn.phase.kind == ADJUSTMENT else _told(variant, turn, seen)


def in_adjustments(variant: Variant, turn: TurnResult, viewer: Viewer,
                   seen: Sequence[Seen]) -> Told | None:
    return _told(variant, turn, seen) if turn.phase.kind == ADJUSTMENT else None


# Where the engineers and prisons stand is read on the reader's board (his stored record's,
# ReportSection.on_known_board), not on the turn's position: issue #12 item 4.
SECTIONS = (ReportSection("after_centres", "engineering.j2", in_movement,
                          on_known_board=True),
            ReportSection("after_heading", "engineering.j2", in_adjustments,
                          on_known_board=True))
