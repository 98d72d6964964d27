"""Fighter fields (rn45 C7 7a-7e): the unit power chart, reach, holding and moving,
worked out by hand from the rules."""

from __future__ import annotations

import pytest

from judge.engine.outcome import Outcome
from tests.variants.engineered.fighting import (
    BOUNCED,
    CUT,
    SUCCEEDS,
    board,
    dislodged,
    outcome,
    refusal,
    result,
    run,
)


@pytest.mark.parametrize("move", ["F Mos-War", "F Mos-Sev", "F Mos-Ukr", "F Mos-StP"])
def test_a_fighter_moves_to_adjacent_land(move: str) -> None:
    turn = run(["RUSSIA F mos"], {"RUSSIA": [move]})
    assert outcome(turn, "mos") == SUCCEEDS


@pytest.mark.parametrize("move, dest", [
    ("F Mos-Rum", "rum"),   # Mos-Ukr-Rum: a centre of the Neutral's
    ("F Ukr-StP", "stp"),   # Ukr-Mos-StP: its own country's centre
    ("F Nap-Tun", "tun"),   # Nap-Ion-Tun: the two areas may cross the sea
])
def test_a_fighter_moves_two_areas_to_its_own_or_a_neutral_centre(move: str, dest: str) -> None:
    power = "ITALY" if move.startswith("F Nap") else "RUSSIA"
    turn = run([f"{power} F {move.split()[1][:3].lower()}"], {power: [move]})
    assert f"{power} F {dest}" in board(turn)


@pytest.mark.parametrize("move, why", [
    ("F Mos-Gal", "not a supply centre"),        # 7c (2): never to a non-centre two away
    ("F War-Vie", "belongs to AUSTRIA"),         # War-Gal-Vie: another country's centre
    ("F Sev-Bla", "only to land"),               # 7c (1): a land area
    ("F Mos-Ber", "more than two areas"),        # 7a
])
def test_a_fighter_does_not_move(move: str, why: str) -> None:
    loc = move.split()[1][:3].lower()
    turn = run([f"RUSSIA F {loc}"], {"RUSSIA": [move]})
    assert why in refusal(turn, loc).message
    assert f"RUSSIA F {loc}" in board(turn)


def test_a_fighter_two_areas_from_a_centre_a_rival_took_cannot_go_there() -> None:
    owners = {"rum": "TURKEY"}
    turn = run(["RUSSIA F mos"], {"RUSSIA": ["F Mos-Rum"]}, owners)
    assert "belongs to TURKEY" in refusal(turn, "mos").message


def test_7d_zero_moving_power_an_army_takes_the_area_a_fighter_also_wanted() -> None:
    turn = run(["RUSSIA F ukr", "AUSTRIA A bud"], {"RUSSIA": ["F Ukr-Gal"],
                                                   "AUSTRIA": ["A Bud-Gal"]})
    assert outcome(turn, "bud") == SUCCEEDS
    assert outcome(turn, "ukr") == BOUNCED


def test_7d_a_fighter_enters_an_area_left_by_its_unit() -> None:
    # Unopposed: the army leaves Galicia and nobody else enters.
    turn = run(["RUSSIA F ukr", "AUSTRIA A gal"], {"RUSSIA": ["F Ukr-Gal"],
                                                   "AUSTRIA": ["A Gal-Vie"]})
    assert board(turn) == {"RUSSIA F gal", "AUSTRIA A vie"}


def test_7d_two_unsupported_fighters_both_fail() -> None:
    turn = run(["RUSSIA F ukr", "AUSTRIA F bud"], {"RUSSIA": ["F Ukr-Gal"],
                                                   "AUSTRIA": ["F Bud-Gal"]})
    assert outcome(turn, "ukr") == BOUNCED and outcome(turn, "bud") == BOUNCED


def test_7d_with_more_support_than_the_opposition_a_fighter_moves() -> None:
    turn = run(["RUSSIA F ukr", "RUSSIA A war", "AUSTRIA F bud"],
               {"RUSSIA": ["F Ukr-Gal", "A War S F Ukr-Gal"], "AUSTRIA": ["F Bud-Gal"]})
    assert "RUSSIA F gal" in board(turn)


def test_7d_equal_support_against_an_army_is_not_enough() -> None:
    turn = run(["RUSSIA F ukr", "RUSSIA A war", "AUSTRIA A bud"],
               {"RUSSIA": ["F Ukr-Gal", "A War S F Ukr-Gal"], "AUSTRIA": ["A Bud-Gal"]})
    assert outcome(turn, "ukr") == BOUNCED and outcome(turn, "bud") == BOUNCED


def test_7d_a_fighter_does_not_dislodge_an_unsupported_holding_army() -> None:
    turn = run(["RUSSIA F ukr", "AUSTRIA A gal"], {"RUSSIA": ["F Ukr-Gal"],
                                                   "AUSTRIA": ["A Gal H"]})
    assert outcome(turn, "ukr") == BOUNCED and not dislodged(turn)


def test_7d_a_fighter_with_two_supports_dislodges_a_holding_army() -> None:
    turn = run(["RUSSIA F ukr", "RUSSIA A war", "RUSSIA A sil", "AUSTRIA A gal"],
               {"RUSSIA": ["F Ukr-Gal", "A War S F Ukr-Gal", "A Sil S F Ukr-Gal"],
                "AUSTRIA": ["A Gal H"]})
    assert dislodged(turn) == {"AUSTRIA A gal"} and "RUSSIA F gal" in board(turn)


def test_7b_a_fighter_cannot_hold_against_a_moving_army() -> None:
    turn = run(["AUSTRIA F gal", "RUSSIA A war"], {"AUSTRIA": ["F Gal H"],
                                                   "RUSSIA": ["A War-Gal"]})
    assert dislodged(turn) == {"AUSTRIA F gal"}


def test_7b_with_one_support_a_fighter_holds() -> None:
    turn = run(["AUSTRIA F gal", "AUSTRIA A bud", "RUSSIA A war"],
               {"AUSTRIA": ["F Gal H", "A Bud S F Gal"], "RUSSIA": ["A War-Gal"]})
    assert outcome(turn, "war") == BOUNCED and not dislodged(turn)


def test_7b_an_unsupported_fighter_holds_against_a_moving_fighter() -> None:
    turn = run(["AUSTRIA F gal", "RUSSIA F war"], {"AUSTRIA": ["F Gal H"],
                                                   "RUSSIA": ["F War-Gal"]})
    assert outcome(turn, "war") == BOUNCED and not dislodged(turn)


def test_7e_a_fighter_support_is_not_cut_by_an_attack_on_its_field() -> None:
    # F Rum is even dislodged: "movement ... into its base location has no affect" (7a).
    units = ["TURKEY A ser", "TURKEY F rum", "AUSTRIA A bud", "RUSSIA A ukr", "RUSSIA A sev"]
    orders = {"TURKEY": ["A Ser-Bud", "F Rum S A Ser-Bud"], "AUSTRIA": ["A Bud H"],
              "RUSSIA": ["A Ukr-Rum", "A Sev S A Ukr-Rum"]}
    turn = run(units, orders)
    assert result(turn, "rum").outcome == Outcome.SUCCEEDS
    assert dislodged(turn) == {"AUSTRIA A bud", "TURKEY F rum"}


def test_an_army_support_is_cut_by_the_same_attack() -> None:
    units = ["TURKEY A ser", "TURKEY A rum", "AUSTRIA A bud", "RUSSIA A ukr"]
    orders = {"TURKEY": ["A Ser-Bud", "A Rum S A Ser-Bud"], "AUSTRIA": ["A Bud H"],
              "RUSSIA": ["A Ukr-Rum"]}
    turn = run(units, orders)
    assert outcome(turn, "rum") == CUT and not dislodged(turn)


def test_7e_a_fighter_supports_two_areas_away_but_not_three() -> None:
    units = ["TURKEY A ser", "TURKEY F sev", "TURKEY F mos", "AUSTRIA A bud"]
    orders = {"TURKEY": ["A Ser-Bud", "F Sev S A Ser-Bud", "F Mos S A Ser-Bud"],
              "AUSTRIA": ["A Bud H"]}
    turn = run(units, orders)
    assert "more than two areas" in refusal(turn, "mos").message
    assert dislodged(turn) == {"AUSTRIA A bud"}  # F Sev's support, Sev-Rum-Bud


def test_a_fighter_never_convoys() -> None:
    turn = run(["RUSSIA F sev", "RUSSIA A ukr"], {"RUSSIA": ["F Sev C A Ukr-Arm", "A Ukr-Arm"]})
    assert "fighter" in refusal(turn, "sev").message
