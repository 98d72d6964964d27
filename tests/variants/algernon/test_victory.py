"""Issue #17: victory is chosen when the game is created (rule 8); on the demonstration
maze (eight centres: six homes, RT and BN)."""

from __future__ import annotations

from tests.variants.algernon.scenario import A, B, board, rules
from variants.algernon.victory import victory_of

FIVE = {"dl": A, "mn": A, "pz": A, "rt": A, "bn": A, "pw": B, "qv": B, "wg": B}
FOUR_EACH = {**FIVE, "bn": B}


def test_by_default_more_than_half_the_centres_wins() -> None:
    won = victory_of({})
    assert won(rules(), board({}, "F1905M", FIVE)) == (A,)
    assert won(rules(), board({}, "F1905M", FOUR_EACH)) == ()
    assert victory_of({"victory_count": 4})(rules(), board({}, "F1905M", FOUR_EACH)) == (A, B)


def test_by_years_the_most_centres_when_the_last_winter_ends() -> None:
    won = victory_of({"victory": "years", "victory_year": 1903})
    assert won(rules(), board({}, "F1903M", FIVE)) == ()
    assert won(rules(), board({}, "W1903A", FIVE)) == (A,)
    assert won(rules(), board({}, "W1903A", FOUR_EACH)) == (A, B)


def test_the_masters_decision() -> None:
    assert victory_of({"victory": "master"})(rules(), board({}, "W1930A", FIVE)) == ()
