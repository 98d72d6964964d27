"""The report section of decoys (rn45 C8): each decoy disbanded this turn, and why, for
every reader: an exposed decoy (8c) and one not alone at the end of Spring (8b) are public;
a decoy removed or disbanded as a unit, and the unit that took its place, for its owner
and the master only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.engine.turn import TurnResult
from judge.engine.visibility import Seen, Viewer
from judge.variant import ReportSection, Variant

from .decoys import WHY, DecoyDisbanded, DecoyPassedOn
from .orders import KIND_NAMES


@dataclass(frozen=True)
class Disbanded:
    disbanded: tuple[str, ...]


def disbanded(variant: Variant, turn: TurnResult, viewer: Viewer,
              seen: Sequence[Seen]) -> Disbanded | None:
    geo = variant.rules.geo
    adjective = {p.name: p.adjective for p in variant.powers}
    lines = tuple(f"The {adjective.get(e.unit.power, e.unit.power)} {e.unit.kind} "
                  f"{geo.name(e.unit.loc)} is disbanded: {WHY[e.why]}."
                  for e in seen if isinstance(e, DecoyDisbanded))
    return Disbanded(lines) if lines else None


def passed_on(variant: Variant, turn: TurnResult, viewer: Viewer,
              seen: Sequence[Seen]) -> Disbanded | None:
    """Where the decoys removed or disbanded as units went, for their owner (and master):
    after the heading, the place the retreat and adjustment reports both have."""
    lines = tuple(_passed_on(variant, e) for e in seen if isinstance(e, DecoyPassedOn))
    return Disbanded(lines) if lines else None


SECTIONS = (ReportSection("after_centres", "decoys.j2", disbanded),
            ReportSection("after_heading", "decoys.j2", passed_on))


def _passed_on(variant: Variant, event: DecoyPassedOn) -> str:
    """Its owner's (and the master's) note: where his decoy went and what it cost him
    (decoys_removal.py)."""
    geo = variant.rules.geo
    gone, heir = event.gone, event.heir
    went = (f"The {gone.kind} {geo.name(gone.loc)} that went was the decoy, which takes no "
            f"supply (rn45 B1, B3)")
    if heir is None:
        return (f"{went}: its owner has no army, navy or fighter left that it could cost, so "
                f"it is gone at no cost, and every piece he still has is a decoy (C8).")
    there = geo.name(heir.loc)
    look = "" if heir.kind == gone.kind else f", now a {KIND_NAMES[heir.kind]} like it"
    return (f"{went}: the {heir.kind} {there} is the military unit it cost, and the decoy "
            f"stands in {there} in its place{look} (C8).")
