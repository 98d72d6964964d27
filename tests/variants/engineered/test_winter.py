"""The Winter turn (rn45 C2 2a, C3, C4 4d): engineers build on the centre they stand on,
convert units, are created on home centres up to the game's ratio; prisons convert their
captors."""

from __future__ import annotations

import pytest

from judge.engine.outcome import Outcome
from judge.game.instance import variant_instance
from judge.variant import Variant
from tests.variants.engineered.scenario import ENGINEERED, board, result, run

GERMAN = {"ber": "GERMANY", "kie": "GERMANY", "mun": "GERMANY", "den": "GERMANY",
          "hol": "GERMANY"}


def with_options(**options: object) -> Variant:
    return variant_instance("engineered", {**ENGINEERED.options, **options}, 0, None)


def test_an_engineer_on_an_empty_centre_makes_it_a_build_site() -> None:
    # B4, C2 2a: Denmark is no home of Germany's; the engineer there lets it build.
    turn = run(["GER E den", "GER A ber"], {"GER": ["Build N Den"]}, "W1902A", owners=GERMAN)
    assert "GER N den" in board(turn)
    assert result(turn, "GER", "den").outcome == Outcome.SUCCEEDS


def test_a_build_needs_a_free_build_all_the_same() -> None:
    units = ["GER E den", "GER A ber", "GER A kie", "GER A mun", "GER A hol", "GER A ruh"]
    turn = run(units, {"GER": ["Build N Den"]}, "W1902A", owners=GERMAN)
    assert "GER N den" not in board(turn)


def test_an_engineer_converts_a_navy_to_an_army_on_a_coastal_centre() -> None:
    turn = run(["GER E kie", "GER N kie"], {"GER": ["CONVERT N Kie TO A"]}, "W1902A",
               owners=GERMAN)
    assert board(turn) == {"GER E kie", "GER A kie"}


def test_an_engineer_converts_an_army_to_a_fighter_inland() -> None:
    turn = run(["GER E mun", "GER A mun"], {"GER": ["CONVERT A Mun TO F"]}, "W1902A",
               owners=GERMAN)
    assert board(turn) == {"GER E mun", "GER F mun"}


def test_no_navy_inland_and_no_conversion_without_an_engineer() -> None:
    inland = run(["GER E mun", "GER A mun"], {"GER": ["CONVERT A Mun TO N"]}, "W1902A",
                 owners=GERMAN)
    assert inland.position.units == run(["GER E mun", "GER A mun"], {}, "W1902A",
                                        owners=GERMAN).position.units
    alone = run(["GER A kie"], {"GER": ["CONVERT A Kie TO N"]}, "W1902A", owners=GERMAN)
    refused = result(alone, "GER", "kie")
    assert refused.outcome == Outcome.FAILS
    assert "with your engineer or prison" in refused.message


def test_a_fighter_is_not_converted_by_an_engineer() -> None:
    turn = run(["GER E kie", "GER F kie"], {"GER": ["CONVERT F Kie TO N"]}, "W1902A",
               owners=GERMAN)
    assert "GER F kie" in board(turn)


def test_a_prison_converts_its_captor_even_a_fighter() -> None:
    # C4 4d: "a Navy, Army or Fighter".
    turn = run(["TUR F bud", "TUR P bud AUS"], {"TUR": ["CONVERT F Bud TO A"]}, "W1902A",
               owners={"bud": "TURKEY"})
    assert "TUR A bud" in board(turn)


def test_an_engineer_is_created_on_an_occupied_home_centre() -> None:
    # C3 3c, 3d: Germany has five centres: one engineer always, and one per four.
    turn = run(["GER A ber"], {"GER": ["Build E Ber"]}, "W1902A", owners=GERMAN)
    assert {"GER A ber", "GER E ber"} == board(turn)


def test_an_engineer_is_not_created_beyond_the_ratio() -> None:
    # C3d: five centres, one engineer, held as a prison by Turkey (3b): none to create.
    turn = run(["GER A ber", "TUR A bud", "TUR P bud GER"], {"GER": ["Build E Ber"]},
               "W1902A", owners=GERMAN)
    assert "GER E ber" not in board(turn)
    assert result(turn, "GER", "ber").message == (
        "Germany may not recreate its engineer held as a prison in Bud until that prison "
        "is disbanded (rn45 C3 3b)")


@pytest.mark.parametrize(("ratio", "per", "engineers"),
                         [("c3a", 4, 1), ("c3d", 2, 2), ("c3d", 4, 1)])
def test_the_ratio_is_the_games_choice(ratio: str, per: int, engineers: int) -> None:
    # Germany, five centres, one engineer, asks for another: C3a allows 5 // 3 = 1; C3d
    # one always and one per `engineer_centres`: 5 // 2 = 2, or 5 // 4 = 1.
    variant = with_options(engineer_ratio=ratio, engineer_centres=per)
    turn = run(["GER E kie", "GER A ber"], {"GER": ["Build E Ber"]}, "W1902A",
               variant=variant, owners=GERMAN)
    assert sum(1 for u in board(turn) if " E " in u) == engineers


def test_engineers_beyond_the_ratio_are_removed() -> None:
    turn = run(["GER E kie", "GER E ber", "GER A ber"], {}, "W1902A", owners=GERMAN)
    assert {u for u in board(turn) if " E " in u} == {"GER E ber"}  # the last place goes


def test_a_prison_or_an_engineer_may_be_removed_in_the_winter() -> None:
    # C4 4c: "must stay with the capturing unit or be disbanded".
    turn = run(["TUR A bud", "TUR P bud AUS", "GER E kie", "GER A ber"],
               {"TUR": ["remove P Bud"], "GER": ["remove E Kie"]}, "W1902A",
               owners={**GERMAN, "bud": "TURKEY"})
    assert board(turn) == {"TUR A bud", "GER A ber"}


def test_an_engineer_acts_once_a_winter() -> None:
    # C2 2a: "can build ... or ... convert": the unit converted once, not twice.
    turn = run(["GER E kie", "GER N kie"], {"GER": ["convert N Kie to A", "convert A Kie to F"]},
               "W1902A", owners=GERMAN)
    assert "GER A kie" in board(turn)
