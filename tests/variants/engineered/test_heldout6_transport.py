"""rn45 C5 5d at the complex level: "If the unit ordering the transport is not attacked by
another countries unit and the E unit exists the transport succeeds otherwise it fails."
Readings (docs/variants/engineered.md, Transport): an attack is an order to move into the
transporting unit's area, a fighter's too (C7 7c); a fighter's damage order aimed at it
(7f) cuts supports and is no attack. A fighter carries its engineer two areas (5a(1))."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from judge.variant_loader import load_variant_folder
from tests.variants.engineered.fighting import FOLDER
from tests.variants.engineered.scenario import board, result, run

COMPLEX = load_variant_folder(FOLDER, {"level": "complex"})


def test_damage_aimed_at_the_transporting_unit_is_no_attack() -> None:
    turn = run(["RUS A stp", "RUS E rum", "RUS A rum", "GER F fin"],
               {"RUS": ["A StP T E Rum"], "GER": ["F Fin D A StP"]}, variant=COMPLEX)
    assert result(turn, "RUS", "stp").outcome == Outcome.SUCCEEDS
    assert "RUS E stp" in board(turn)


def test_a_fighter_moving_at_the_transporting_unit_attacks_it() -> None:
    turn = run(["RUS F mos", "RUS E rum", "RUS A rum", "GER F war"],
               {"RUS": ["F Mos T E Rum"], "GER": ["F War - Mos"]}, variant=COMPLEX)
    failed = result(turn, "RUS", "mos")
    assert failed.outcome == Outcome.FAILS
    assert failed.message == "mos is attacked by Germany (rn45 C5 5d)"
    assert "RUS E rum" in board(turn)


def test_a_fighter_carries_its_engineer_two_areas() -> None:
    turn = run(["GER F ber", "GER E ber"], {"GER": ["F Ber - Den", "E Ber - Den"]},
               variant=COMPLEX)
    assert board(turn) == {"GER F den", "GER E den"}
