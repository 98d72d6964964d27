"""rn45 C0 plays the 1971 rules, which DATC 4.A.3 a reads as taking a convoy to an adjacent
province only for a swap and, 6.G.4, "if unwanted convoys are prevented as much as
possible, it will not take the convoy if it is disrupted. So, the move of the army in
Picardy will succeed." Through `judge adjudicate` at every level (the simple game's
movement and the complex game's fighter resolver both), navies for fleets (B7)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.protocol import handle
from tests.variants.replies import dislodged, outcome

UNITS = [("FRANCE", "N", "bre"), ("FRANCE", "A", "pic"), ("FRANCE", "A", "bur"),
         ("FRANCE", "N", "mao"), ("ENGLAND", "N", "eng"), ("ENGLAND", "A", "bel")]
ORDERS = {"FRANCE": ["N Brest - English Channel", "A Picardy - Belgium",
                     "A Burgundy Supports A Picardy - Belgium",
                     "N Mid-Atlantic Ocean Supports N Brest - English Channel"],
          "ENGLAND": ["N English Channel Convoys A Picardy - Belgium", "A Belgium - Picardy"]}


def adjudicate(level: str, state: dict[str, Any]) -> dict[str, Any]:
    reply = handle({"variant": "engineered", "phase": "S1901M", "orders": ORDERS,
                    "state": {"level": level, **state},
                    "units": [{"power": p, "type": t, "loc": loc} for p, t, loc in UNITS]})
    assert "error" not in reply, reply
    return reply


@pytest.mark.parametrize("level", ["simple", "complex", "advanced"])
def test_a_disrupted_kidnapping_convoy_leaves_the_army_the_land_route(level: str) -> None:
    reply = adjudicate(level, {})
    assert outcome(reply, "A Picardy - Belgium") == "succeeds"
    assert outcome(reply, "A Belgium - Picardy") == "fails"
    assert dislodged(reply) == ["ENGLAND bel", "ENGLAND eng"]
