"""The report section of decoys (rn45 C8): each decoy disbanded this turn, and why, for
every reader: an exposed decoy (8c) and one not alone at the end of Spring (8b) are public."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.engine.turn import TurnResult
from judge.engine.visibility import Seen, Viewer
from judge.variant import ReportSection, Variant

from .decoys import WHY, DecoyDisbanded


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


SECTION = ReportSection("after_centres", "decoys.j2", disbanded)
