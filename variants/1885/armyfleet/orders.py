"""1885-III's own orders: an army boarding a fleet, and an army landing from an A/F.

Rules l.42-60 (`shared/rules/1885-iii.txt`, "Embarkation", "A/F Operations",
"Disembarkation"); how each is written: docs/variants/1885-iii.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.order_types import OrderType, SetKey, Writing
from judge.engine.orders import VariantOrder
from judge.engine.standard_types import unit_slot
from judge.engine.types import MOVEMENT, UnitKind, province_of

ARMY, FLEET, ARMY_FLEET = "A", "F", "AF"


@dataclass(frozen=True, slots=True)
class Embark(VariantOrder):
    """The army at `loc` boards its power's fleet at `fleet` (a sea it touches); adjudicated
    before the movement, so it never fails (l.39-42)."""

    loc: str
    fleet: str
    kind: str | None = ARMY


@dataclass(frozen=True, slots=True)
class Disembark(VariantOrder):
    """The army aboard the A/F at `loc` lands in `dest`, from `sea`: the A/F's place, or
    the sea it moves to this month (l.42-60). `sea` None: whichever of the two touches
    `dest`, the A/F's own place first."""

    loc: str
    dest: str
    sea: str | None = None
    kind: str | None = ARMY_FLEET


def _describe_embark(o: Embark) -> str:
    return f"A {o.loc} BOARDS F {o.fleet}"


def _describe_disembark(o: Disembark) -> str:
    sea = f" A {o.sea} -" if o.sea else ""
    return f"A/F {o.loc} DISEMBARKS{sea} {o.dest}"


def _write_embark(w: Writing, own: str, o: Embark) -> str:
    return f"{own} BOARDS THE FLEET IN {w.place(o.fleet)}."


def _write_disembark(w: Writing, own: str, o: Disembark) -> str:
    sea = f" FROM {w.place(o.sea)}" if o.sea else ""
    return f"{own} DISEMBARKS ITS ARMY{sea} IN {w.place(o.dest)}."


def _landing_slot(order: Any, kind: UnitKind | None) -> SetKey:
    # The A/F's fleet has its own order besides the landing (l.53-55): a slot of its own.
    return SetKey(f"{province_of(order.loc)}/landing")


EMBARK = OrderType(Embark, "Embark", frozenset(MOVEMENT), _describe_embark, _write_embark,
                   unit_slot)
DISEMBARK = OrderType(Disembark, "Disembark", frozenset(MOVEMENT), _describe_disembark,
                      _write_disembark, _landing_slot)
