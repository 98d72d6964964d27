"""rn45 D1 1c with C1 1b (rules18b item 3), predicted from the rules text: "A Country
which has no Home Centers left is out of the game". Home centres are the home build
centres (A: "Home Unit Build Centers or Build Centers (BC) just as in Standard
Diplomacy"), and C1 1b gives Russia "3 BCs and one StP SC": St Petersburg is a supply
centre of hers but no home centre, so it does not keep her in the game."""

from __future__ import annotations

from judge.engine.calendar import STANDARD_CALENDAR
from judge.engine.position import Position
from judge.engine.types import Phase, Unit
from judge.variant_loader import load_variant, load_variant_folder
from variants.engineered.fighters import NEUTRAL

COMPLEX = load_variant_folder(load_variant("engineered").folder, {"level": "complex"})
FALL = STANDARD_CALENDAR.seasons[1]
UNITS = (Unit("RUSSIA", "A", "stp"), Unit("RUSSIA", "A", "fin"), Unit("GERMANY", "A", "mos"),
         Unit("GERMANY", "A", "war"), Unit("TURKEY", "A", "sev"))


def _after_the_fall(owners: dict[str, str]) -> Position:
    rules = COMPLEX.rules
    after, _ = rules.season_end(rules, Position(Phase.parse("F1905M"), UNITS, owners), FALL)
    return after


def test_russias_home_centres_are_her_three_build_centres() -> None:
    assert COMPLEX.rules.homes["RUSSIA"] == {"mos", "sev", "war"}


def test_russia_with_st_petersburg_alone_is_out_of_the_game() -> None:
    # Germany holds Moscow and Warsaw, Turkey Sevastopol; Russia keeps St Petersburg and
    # Sweden: no home centre left, so her units and centres become the Neutral's.
    after = _after_the_fall({"stp": "RUSSIA", "swe": "RUSSIA", "mos": "GERMANY",
                             "war": "GERMANY", "sev": "TURKEY"})
    assert {u for u in after.units if u.loc in ("stp", "fin")} == {
        Unit(NEUTRAL, "A", "stp"), Unit(NEUTRAL, "A", "fin")}
    assert (after.owners["stp"], after.owners["swe"]) == (NEUTRAL, NEUTRAL)


def test_russia_with_one_build_centre_left_stays_in() -> None:
    # The same, but Sevastopol is still Russia's (no Turkish army there): one home centre.
    units = tuple(u for u in UNITS if u.power != "TURKEY")
    rules = COMPLEX.rules
    owners = {"stp": "RUSSIA", "swe": "RUSSIA", "mos": "GERMANY", "war": "GERMANY",
              "sev": "RUSSIA"}
    after, _ = rules.season_end(rules, Position(Phase.parse("F1905M"), units, owners), FALL)
    assert Unit("RUSSIA", "A", "stp") in after.units
    assert after.owners["stp"] == "RUSSIA"
