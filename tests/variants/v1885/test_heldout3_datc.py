"""Every DATC v3.0 case (tests/datc/) on the regular board with 1885-III's Army/Fleets
(tests/variants/folders/afboard, the board the rules' A/F examples use, l.29-31): the
A/F machinery (its own binding, resolver and movement phase) must leave every case as DATC
says, except where 1885-III's text changes the rules, listed below with the line. A listed
case must still differ, so the list stays true; a case not listed must agree."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.position import Position
from judge.engine.turn import adjudicate
from judge.grammar import Grammar
from judge.variant_loader import load_variant
from tests.engine.test_datc import _cases, _check_step, _orders, _start

from .board import REGULAR

# l.34-37: "A convoy as described in the Diplomacy rulebook is limited to the crossing of a
# single sea space via a single fleet": a longer convoy is refused (an A/F's).
ONE_SEA = ("6.C.4", "6.G.5", "6.G.6", "6.G.12", "6.H.11", "6.H.12")
# l.37-39: a ferried army that cannot land "remains on board the fleet" as an A/F.
ABOARD = ("6.C.7", "6.F.2", "6.F.20")
# l.73-74: "all units will stand" in circular reasoning (DATC 4.A.2, All Hold).
ALL_HOLD = ("6.F.14", "6.F.15", "6.F.16", "6.F.17", "6.F.18", "6.F.19", "6.F.22", "6.F.23",
            "6.F.24", "6.G.11")
DIFFERS = {*ONE_SEA, *ABOARD, *ALL_HOLD}

GRAMMAR = Grammar.for_variant(load_variant("standard"))


def _play(case: dict[str, Any]) -> None:
    position: Position | None = None
    for step in case["phase"]:
        if position is None:
            position = _start(step)
        orders, expected = _orders(GRAMMAR, step)
        turn = adjudicate(REGULAR.rules, position, orders)
        _check_step(step, turn, expected)
        position = turn.position


@pytest.mark.parametrize("case", _cases())
def test_datc_with_army_fleets(case: dict[str, Any]) -> None:
    if case["id"] in DIFFERS:
        with pytest.raises(AssertionError):
            _play(case)
    else:
        _play(case)
