"""What the reports tell of a country handed to the Neutral (rn45 D1 1c, 1d; F1): its
units and centres change hands after the moves, and the movement report, which has no
centre section when retreats follow, said nothing of it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.order_types import EventType, Registry
from judge.engine.outcome import CentreChange, VariantEvent
from judge.engine.turn import TurnResult
from judge.engine.visibility import Seen, Viewer
from judge.grammar.notation import place
from judge.variant import ReportSection, Variant, power_name

from .fighters import NEUTRAL

WHY = {"D1 1c": "it has no home centre left",
       "D1 1d": "the master handed it over after it missed its orders twice",
       "F1": "the audience voted it off"}


@dataclass(frozen=True, slots=True)
class HandedOver(VariantEvent):
    """`power`'s units and centres became the Neutral's, by the rule `rule` (a WHY key)."""

    power: str
    rule: str


def _to_json(registry: Registry, event: HandedOver) -> dict[str, Any]:
    return {"event": "handed_over", "power": event.power, "rule": event.rule}


def _from_json(registry: Registry, data: Mapping[str, Any]) -> HandedOver:
    return HandedOver(str(data["power"]), str(data["rule"]))


HANDED_OVER = EventType(HandedOver, "handed_over", _to_json, _from_json)


@dataclass(frozen=True)
class Handed:
    lines: tuple[str, ...]


def handed(variant: Variant, turn: TurnResult, viewer: Viewer,
           seen: Sequence[Seen]) -> Handed | None:
    lines = tuple(_told(variant, e, seen) for e in seen if isinstance(e, HandedOver))
    return Handed(lines) if lines else None


def _told(variant: Variant, event: HandedOver, seen: Sequence[Seen]) -> str:
    """The hand-over, with the centres it gave the Neutral: when retreats follow the Fall,
    the retreat report's changes are that phase's own, and would not name them."""
    head = (f"{power_name(event.power)}'s units and centres are now the Neutral's: "
            f"{WHY.get(event.rule, event.rule)} (rn45 {event.rule}).")
    centres = sorted(place(variant.rules.geo, c.centre) for c in seen
                     if isinstance(c, CentreChange) and c.old_owner == event.power
                     and c.new_owner == NEUTRAL)
    return f"{head} Its centres: {', '.join(centres)}." if centres else head


SECTIONS = (ReportSection("after_centres", "neutral.j2", handed),)
