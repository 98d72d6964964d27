"""What a country may order in a Winter with no build or removal due (rn45 C2 2a, C2 2b,
C3, C4 4d): the adjustment handler's `choices`, which decide whether the Winter is played
and whom it waits for (issue #15 items 1 and 2; by mail: test_winter_waiting.py)."""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.types import ADJUSTMENT, Phase, Unit
from judge.game.instance import variant_instance
from judge.variant import Variant
from tests.variants.engineered.scenario import ENGINEERED, POWERS, unit

# Germany's three homes, three units: no build, no removal.
GERMAN = {"ber": "GERMANY", "kie": "GERMANY", "mun": "GERMANY"}
ARMIES = ["GER A ber", "GER N kie", "GER A mun"]


def winter(units: list[str], owners: dict[str, str] = GERMAN) -> Position:
    return Position(Phase.parse("W1902A"), tuple(unit(u) for u in units), owners)


def choices(position: Position, power: str = "GER",
            variant: Variant = ENGINEERED) -> tuple[str, ...]:
    rules = variant.rules
    return rules.handlers[ADJUSTMENT].choices(rules, position, POWERS[power])


def needed(position: Position, variant: Variant = ENGINEERED) -> bool:
    return variant.rules.handlers[ADJUSTMENT].needed(variant.rules, position)


def test_an_engineer_alone_off_the_centres_has_nothing_to_do() -> None:
    # Its one engineer (C3d's minimum) stands in Ruhr, no centre: nothing to order, and
    # with nobody else having anything the Winter is skipped.
    position = winter([*ARMIES, "GER E ruh"])
    assert choices(position) == ()
    assert not needed(position)


def test_an_engineer_with_its_army_on_a_centre_may_convert_it() -> None:
    position = winter([*ARMIES, "GER E mun"])
    assert choices(position) == (
        "a conversion by your engineer in Munich (CONVERT A Mun TO F)",)
    assert needed(position)


def test_an_engineer_does_not_convert_a_fighter_nor_another_powers_unit() -> None:
    # C2 2a converts an army or navy; in Kiel the navy is Germany's but the engineer
    # France's, which France may not use on it.
    position = winter(["GER A ber", "GER N kie", "GER F mun", "GER E mun", "FRA E kie"])
    assert choices(position) == ()
    assert choices(position, "FRA") == ()


def test_a_prison_may_convert_its_captor() -> None:
    # C4 4d: Turkey's fighter in Budapest holds Austria's engineer as its prison.
    owners = {**GERMAN, "bud": "TURKEY"}
    position = winter([*ARMIES, "GER E ruh", "TUR F bud", "TUR P bud AUS"], owners)
    assert choices(position, "TUR") == (
        "a conversion by your prison in Budapest (CONVERT F Bud TO A)",)


def test_a_country_below_its_ratio_may_create_an_engineer() -> None:
    # C3d: one engineer always; Germany has none (3c: on a home centre it owns).
    assert choices(winter(ARMIES)) == ("a new engineer on a home centre (Build E Ber)",)


def test_a_country_over_its_ratio_chooses_which_engineer_goes() -> None:
    position = winter([*ARMIES, "GER E ruh", "GER E boh"])
    assert choices(position) == ("which engineer goes, 1 over your ratio (Remove E Boh; else "
                                 "the judge removes the last by place)",)


def test_a_decoy_that_may_be_made_is_a_choice() -> None:
    # C2 2b: a fighter (no engineer converts it) beside Germany's engineer on Munich.
    decoys = variant_instance("engineered", {**ENGINEERED.options, "level": "complex",
                                             "decoys": True}, 0, None)
    position = winter(["GER A ber", "GER N kie", "GER F mun", "GER E mun"])
    assert choices(position) == ()
    assert choices(position, variant=decoys) == ("a decoy of F Mun (DECOY F Mun)",)
    assert needed(position, decoys)


def test_a_decoy_on_a_home_centre_is_a_choice_as_its_copy_would_be() -> None:
    # Nobody else can tell the fighter on Munich from a decoy (C8): were it a choice only
    # when real, whom the Winter waits for would tell them. It is judged as they see it.
    decoys = variant_instance("engineered", {**ENGINEERED.options, "level": "complex",
                                             "decoys": True}, 0, None)
    real = winter(["GER A ber", "GER N kie", "GER F mun", "GER E mun"])
    decoy = real._replace(units=(*real.units[:2], Unit("GERMANY", "F", "mun", (("decoy", True),)),
                                 real.units[3]))
    assert choices(decoy, variant=decoys) == choices(real, variant=decoys) != ()
    assert needed(decoy, decoys)  # and the Winter is played, as for the real fighter
