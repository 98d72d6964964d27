"""Every DATC v3.0 case (tests/datc/) through Engineered at the complex level, navies for
fleets: rn45 C0 plays the 1971 rules, so each case comes out as DATC says except where the
1971 rulebook's choice (DATC 4.A.1 a, 4.A.5 a; docs/variants/engineered.md) or rn45 itself
differs, listed below with the reason. A listed case must still differ, so the list stays
true; a case not listed must agree."""

from __future__ import annotations

from typing import Any

import pytest

from judge.game.instance import variant_instance
from judge.variant import Variant
from tests.variants.datc_through import Through, cases, check, unknown

COMPLEX: Variant = variant_instance("engineered", {"level": "complex"}, 0)
THROUGH = Through.reading(COMPLEX, fleet="N")

DIFFERS = {
    # 1971: a convoy is disrupted when any of its routes is (DATC 4.A.1 a, 6.F.9 reversed).
    "6.F.9": "4.A.1 a", "6.F.10": "4.A.1 a", "6.F.11": "4.A.1 a", "6.F.13": "4.A.1 a",
    "6.F.19": "4.A.1 a", "6.F.20": "4.A.1 a",
    # 1971: no retreat to where a convoyed attacker came from (DATC 4.A.5 a).
    "6.H.11": "4.A.5 a", "6.H.12": "4.A.5 a",
    # B7: F in a build is a fighter, which Moscow may take (C7 7a: built instead of A or N).
    "6.I.2": "B7",
    # 1971 XII.5: a convoyed army does not cut a support against its convoy (DATC 4.A.2):
    # Pandin's extended paradox dislodges London; in 6.F.16 the convoy is not disrupted, so
    # it is told as done and the army bounces (as in 6.F.3), nothing else differs.
    "6.F.16": "XII.5", "6.F.17": "XII.5",
    # 1971: a convoy to an adjacent province is the route, whoever's fleet convoys, when the
    # unit there moves the opposite way (DATC 4.A.3): the swaps of 6.G.2, 6.G.7 and 6.G.19
    # happen, and in 6.G.11 (Norway not moving back) the army goes by land.
    "6.G.2": "4.A.3", "6.G.7": "4.A.3", "6.G.11": "4.A.3", "6.G.19": "4.A.3",
    # 6.G.4 agrees: the DATC's 1971 reading adds that a disrupted convoy is not taken, the
    # army going by land (judge/engine/movement.py, _overland).
}


def test_the_list_names_datc_cases() -> None:
    assert unknown(DIFFERS) == []


@pytest.mark.parametrize("case", cases())
def test_datc_through_engineered(case: dict[str, Any]) -> None:
    check(THROUGH, case, DIFFERS)


# The simple level (rn45 A: no C7, so a fighter is built only where the country's
# engineer stands, the game option simple_fighter_builds): the same cases come out the
# same, save 6.I.2, where `Build F Moscow` is refused as the DATC refuses a fleet there.
SIMPLE = Through.reading(variant_instance("engineered", {"level": "simple"}, 0), fleet="N")
SIMPLE_DIFFERS = {k: v for k, v in DIFFERS.items() if k != "6.I.2"}


@pytest.mark.parametrize("case", cases())
def test_datc_through_engineered_simple(case: dict[str, Any]) -> None:
    check(SIMPLE, case, SIMPLE_DIFFERS)
