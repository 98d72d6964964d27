"""Issue #15 gap 2: a country's engineers held as prisons by others (rn45 C3 3b) keep it
from creating more, but do not make it lose its own: 3a's centres support its engineers
"except in the case were a E unit is captured", and 3d: "Each player will always be
entitled to have one (E) unit"."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from tests.variants.engineered.scenario import board, result, run

# Five German centres: C3d (the default, one per 4 centres, one always) allows one engineer.
GERMAN = {"ber": "GERMANY", "kie": "GERMANY", "mun": "GERMANY", "den": "GERMANY",
          "hol": "GERMANY"}


def engineers(units: set[str]) -> set[str]:
    return {u for u in units if " E " in u}


def test_a_prison_does_not_take_the_last_engineer() -> None:
    # Germany's one engineer in Kiel, another of hers held by Turkey in Budapest: she has
    # one, her ratio's one (3d); the prison is not hers to count off (3a).
    turn = run(["GER E kie", "GER A ber", "TUR A bud", "TUR P bud GER"], {}, "W1902A",
               owners={**GERMAN, "bud": "TURKEY"})
    assert engineers(board(turn)) == {"GER E kie"}


def test_beyond_the_ratio_her_own_go_down_to_it_not_below() -> None:
    # Two engineers of her own and one held: one of her own goes (the last by place),
    # one stays.
    turn = run(["GER E kie", "GER E mun", "GER A ber", "TUR A bud", "TUR P bud GER"], {},
               "W1902A", owners={**GERMAN, "bud": "TURKEY"})
    assert engineers(board(turn)) == {"GER E kie"}


def test_while_held_she_may_not_recreate_it_and_is_told_why() -> None:
    turn = run(["GER A ber", "TUR A bud", "TUR P bud GER"], {"GER": ["Build E Mun"]},
               "W1902A", owners={**GERMAN, "bud": "TURKEY"})
    refused = result(turn, "GER", "mun")
    assert refused.outcome != Outcome.SUCCEEDS
    assert "held as a prison in Bud" in refused.message
    assert "(rn45 C3 3b)" in refused.message
    assert engineers(board(turn)) == set()

