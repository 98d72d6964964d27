"""rn45 C3d: "Each player will always be entitled to have one (E) unit. After that he may
have one E unit for every 4 SCs he owns." "After that" is read two ways, the option
`engineer_ratio`: `c3d` (the default) the larger of the one and the ratio, max(1, n // 4);
`c3d_extra` one more per 4 centres besides the one, 1 + n // 4. Worked out by hand."""

from __future__ import annotations

import pytest

from judge.engine.outcome import Outcome

from .scenario import board, result, run
from .test_options_ratio import with_options

FOUR = {c: "GERMANY" for c in ("ber", "kie", "mun", "den")}
EIGHT = {**FOUR, **{c: "GERMANY" for c in ("hol", "bel", "swe", "nwy")}}


@pytest.mark.parametrize(("ratio", "owners", "made"), [
    ("c3d", FOUR, False),        # max(1, 4 // 4) = 1: he has it
    ("c3d_extra", FOUR, True),   # 1 + 4 // 4 = 2
    ("c3d", EIGHT, True),        # max(1, 8 // 4) = 2
])
def test_a_second_engineer_by_the_reading_of_after_that(ratio: str, owners: dict[str, str],
                                                        made: bool) -> None:
    turn = run(["GER E kie", "GER A ber"], {"GER": ["Build E Mun"]}, "W1902A",
               variant=with_options(engineer_ratio=ratio), owners=owners)
    assert ("GER E mun" in board(turn)) is made
    assert result(turn, "GER", "mun").outcome == (Outcome.SUCCEEDS if made else Outcome.FAILS)


def test_eight_centres_make_a_third_engineer_only_by_c3d_extra() -> None:
    units = ["GER E kie", "GER E ber", "GER A ber"]
    for ratio, made in (("c3d", False), ("c3d_extra", True)):
        turn = run(units, {"GER": ["Build E Mun"]}, "W1902A",
                   variant=with_options(engineer_ratio=ratio), owners=EIGHT)
        assert ("GER E mun" in board(turn)) is made, ratio
