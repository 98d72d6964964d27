"""Every DATC v3.0 case (tests/datc/) on the regular board with 1885-III's Army/Fleets
(tests/variants/folders/afboard, the board the rules' A/F examples use, l.29-31): the
A/F machinery (its own binding, resolver and movement phase) must leave every case as DATC
says, except where 1885-III's text changes the rules, listed below with the line. A listed
case must still differ, so the list stays true; a case not listed must agree."""

from __future__ import annotations

from typing import Any

import pytest

from judge.grammar import Grammar
from judge.variant_loader import load_variant
from tests.variants.datc_through import Through, cases, check, unknown

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
THROUGH = Through(REGULAR.rules, lambda text, kind, power: GRAMMAR.parse(text, kind))


def test_the_list_names_datc_cases() -> None:
    assert unknown(DIFFERS) == []


@pytest.mark.parametrize("case", cases())
def test_datc_with_army_fleets(case: dict[str, Any]) -> None:
    check(THROUGH, case, DIFFERS)
