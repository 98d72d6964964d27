"""Circular reasoning (shared/rules/1885-iii.txt l.73-74): "In the event that any movement
cannot be adjudicated due to circular reasoning, then all units will stand" -- the
platform's `[rulebook] paradox = "all_hold"` (DATC 4.A.2's All Hold rule), not a case of
1885-III's own in the resolver."""

from __future__ import annotations

import pytest

from judge.engine.rulebook import ParadoxRule
from judge.variant import Variant

from .board import REGULAR, V1885, dislodged, move, standing

# DATC 6.F.14, the simple convoy paradox, with a fast ferry over the Channel.
UNITS = ["ENGLAND F lon", "ENGLAND F wal", "FRANCE A bre", "FRANCE F eng"]
ORDERS = {"ENGLAND": ["F Lon S F Wal - Eng", "F Wal - Eng"],
          "FRANCE": ["A Bre - Lon", "F Eng C A Bre - Lon"]}


@pytest.mark.parametrize("variant", [REGULAR, V1885], ids=["regular", "1885"])
def test_every_unit_of_a_paradox_stands(variant: Variant) -> None:
    assert variant.rules.rulebook.paradox == ParadoxRule.ALL_HOLD
    out = move(variant, UNITS, ORDERS)
    assert standing(out) == set(UNITS)
    assert not dislodged(out)


def test_circular_movement_is_no_paradox() -> None:
    # A ring of moves can be adjudicated (DATC 6.C.1), so it moves.
    out = move(V1885, ["FRANCE A par", "FRANCE A bur", "FRANCE A pic"],
               {"FRANCE": ["A Par - Bur", "A Bur - Pic", "A Pic - Par"]})
    assert standing(out) == {"FRANCE A par", "FRANCE A bur", "FRANCE A pic"}
    assert all(r.outcome == "succeeds" for r in out.results)
