"""The engineer options at each value (rn45 C3): `engineer_ratio` c3a ("Every 3 SCs a
country has supports or creates one E unit") or c3d ("always entitled to have one (E)
unit. After that he may have one E unit for every 4 SCs"), and `engineer_centres`, C3d's 4
("the only rule which the GM may have to adjust"). Worked out by hand."""

from __future__ import annotations

import pytest

from judge.engine.outcome import Outcome
from judge.game.instance import variant_instance
from judge.variant import Variant
from tests.variants.engineered.scenario import ENGINEERED, board, result, run

SIX = {c: "GERMANY" for c in ("ber", "kie", "mun", "den", "hol", "bel")}
TWO = {"ber": "GERMANY", "kie": "GERMANY"}


def with_options(**options: object) -> Variant:
    return variant_instance("engineered", {**ENGINEERED.options, **options}, 0, None)


def engineers(units: set[str]) -> set[str]:
    return {u for u in units if " E " in u}


@pytest.mark.parametrize(("options", "second"), [
    ({"engineer_ratio": "c3a"}, True),  # 6 // 3 = 2
    ({"engineer_ratio": "c3d"}, False),  # one always; 6 // 4 = 1
    ({}, False),  # the default is c3d at four centres
    ({"engineer_ratio": "c3d", "engineer_centres": 3}, True),  # 6 // 3 = 2
    ({"engineer_ratio": "c3d", "engineer_centres": 8}, False),  # one always
])
def test_six_centres_create_a_second_engineer_by_the_ratio(options: dict[str, object],
                                                          second: bool) -> None:
    turn = run(["GER E kie", "GER A ber"], {"GER": ["Build E Mun"]}, "W1902A",
               variant=with_options(**options), owners=SIX)
    assert ("GER E mun" in board(turn)) is second
    made = result(turn, "GER", "mun")
    assert made.outcome == (Outcome.SUCCEEDS if second else Outcome.FAILS)


@pytest.mark.parametrize(("ratio", "kept"), [("c3a", False), ("c3d", True)])
def test_two_centres_keep_an_engineer_only_by_c3d(ratio: str, kept: bool) -> None:
    # C3a: 2 // 3 is none, so the one engineer is beyond the ratio and removed; C3d: "will
    # always be entitled to have one".
    turn = run(["GER E kie", "GER A ber"], {}, "W1902A",
               variant=with_options(engineer_ratio=ratio), owners=TWO)
    assert engineers(board(turn)) == ({"GER E kie"} if kept else set())
