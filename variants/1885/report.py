"""The report section of Sicily's owner (Special Characteristics, l.24-27): Sicily is no
supply centre, so the centre list leaves it out, but its owner, "the last Power to occupy
it in any season", decides whether Italy may build there, and anyone can see who last
stood there: every reader is told, under the centres."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.engine.turn import TurnResult
from judge.engine.visibility import Seen, Viewer
from judge.variant import ReportSection, Variant

from .centres import sicily_owner  # type: ignore[import-not-found]


@dataclass(frozen=True)
class SicilyOwner:
    owner: str  # the power's adjective, as the centre list writes owners


def sicily_view(variant: Variant, turn: TurnResult, viewer: Viewer,
                seen: Sequence[Seen]) -> SicilyOwner:
    owner = sicily_owner(turn.position)
    adjective = {p.name: p.adjective for p in variant.powers}
    return SicilyOwner(adjective.get(owner, owner))


SECTION = ReportSection("after_centres", "sicily.j2", sicily_view)
