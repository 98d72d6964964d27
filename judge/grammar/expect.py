"""What a rule of the order parser expected where it found nothing: the material of the
error report (judge/grammar/report.py quotes the expectation that got furthest)."""

from __future__ import annotations

from dataclasses import dataclass

RETREAT_PHASE = "R"
ADJUSTMENT_PHASE = "A"

EXPECTED_ORDER = {
    "M": "an order for the unit: H to hold, '-' and a province to move, S to support "
    "or C to convoy",
    "R": "an order for the unit: '-' and a province to retreat, or D to disband",
    "A": "an order for the unit: B to build it or D to remove it",
}
ROUTE_IN_RETREAT = (
    "A retreat goes straight to one province, never along a route or by convoy: "
    "remove '{fragment}'."
)
# njudge's 'A Bud - Gal - War' read as a walk: a route's stops are where its fleets stand.
LAND_IN_ROUTE = (
    "No convoy crosses {name} ('{{fragment}}'): a route lists the seas the convoying "
    "fleets stand in, as A Lon - Nth - Nwy. An army moves once a turn, so send the "
    "first step now and the next one next turn."
)
UNSTACKED = ("Only units several of which may share a province are ordered by number: "
             "remove the number from '{fragment}'.")
R_IN_ADJUSTMENT = (
    "'{fragment}' (retreat) means nothing in an adjustment phase: write 'Remove' or 'D' "
    "to remove a unit, 'Build' or 'B' to build one."
)


@dataclass(frozen=True, slots=True)
class Expect:
    """What a rule wanted at a position; `label` completes "is missing ..."."""

    label: str
    place: bool = False
    # A template with {fragment} for a reading the phase forbids.
    wrong_phase: str = ""
    choices: tuple[str, ...] = ()
    span: tuple[int, int] = (0, 0)


END = Expect("nothing more (the order was already complete)")
COAST = Expect("a coast (such as nc or sc)")
