"""What happened: outcomes, the reasons behind them, structured events, the turn result.

Reports, histories and per-viewer projections are built from these records only, never
from rendered text.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from judge.engine.native import copied_by_fields
from judge.engine.orders import Order
from judge.engine.types import Unit
from judge.engine.variant_bases import VariantEvent as VariantEvent


class Outcome(StrEnum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"
    VOID = "void"
    ILLEGAL = "illegal"


class Reason(StrEnum):
    """Why an order did not simply succeed; the value is the classic report tag."""

    BOUNCED = "bounce"
    CUT = "cut"
    DISLODGED = "dislodged"
    DISRUPTED = "disrupted"
    NO_CONVOY = "no convoy"
    NO_MATCH = "void"
    PARADOX = "paradox"
    TOO_MANY = "too many"
    ILLEGAL = "illegal"
    NO_UNIT = "no unit"
    NOT_YOURS = "not your unit"
    DUPLICATE = "two orders"
    UNPARSED = "not understood"


class OrderResult(NamedTuple):
    """One order (or an unordered unit's implicit hold) and what became of it.

    `unordered`: nobody ordered this; the rules did it (a unit's hold, a dislodged unit's
    disband, a civil disorder removal; builds left unused are `Adjustment.waived`).
    Reports mark it, as the classic judges mark missed orders, so the fact travels with
    the event through each viewer's projection rather than being read off the orders.

    A NamedTuple rather than a frozen dataclass: one is made per unit per phase, and a
    frozen dataclass costs four times as much to build (bench/).
    """

    power: str
    unit: Unit | None
    order: Order | None
    text: str
    outcome: Outcome
    reason: Reason | None = None
    message: str = ""
    dislodged: bool = False
    unordered: bool = False


class Dislodgement(NamedTuple):
    """A NamedTuple, as OrderResult (and CentreChange): built on the phase's hot path."""

    unit: Unit
    attacker_from: str | None
    retreats: tuple[str, ...]


class CentreChange(NamedTuple):
    centre: str
    old_owner: str | None
    new_owner: str | None


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A power's count at an adjustment phase: positive builds, negative removals.
    `waived`: builds left unused because nobody ordered them (an explicit WAIVE is a
    result of its own)."""

    power: str
    count: int
    waived: int = 0


Event = OrderResult | Dislodgement | CentreChange | Adjustment | VariantEvent


copied_by_fields(Adjustment)
