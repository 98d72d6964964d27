"""rn45 C1: the start-up (1a the engineer placed with a unit in Spring 1901, 1d Austria's
army or navy in Trieste; 1b and 1c: test_create.py)."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from tests.variants.engineered.scenario import ENGINEERED, board, happened, result, run

START = [f"{u.power[:3]} {u.kind} {u.loc}" for u in ENGINEERED.start.units]


def test_an_engineer_placed_with_a_unit_goes_where_it_goes_that_spring() -> None:
    turn = run(START, {"AUS": ["E Vie", "A Vie - Gal"], "GER": ["place e ber"]}, "S1901M")
    assert {"AUS E gal", "GER E ber"} <= board(turn)
    assert "placed AUS E vie" in happened(turn)
    assert result(turn, "AUS", "vie", "E").outcome == Outcome.SUCCEEDS


def test_a_placed_engineer_stays_where_its_unit_bounced() -> None:
    turn = run(START, {"AUS": ["E Vie", "A Vie - Gal"], "RUS": ["A War - Gal"]}, "S1901M")
    assert "AUS E vie" in board(turn)


def test_an_engineer_is_placed_only_with_a_unit_and_only_in_the_first_spring() -> None:
    turn = run(START, {"AUS": ["E Ser"]}, "S1901M")
    refused = result(turn, "AUS", "ser")
    assert refused.outcome == Outcome.ILLEGAL
    assert refused.message == "you have no unit in ser to place the engineer with (rn45 C1 1a)"
    later = run(START, {"AUS": ["E Vie"]}, "F1901M")
    assert result(later, "AUS", "vie").outcome == Outcome.ILLEGAL
    assert not any(u.endswith(" E vie") for u in board(later))


def test_one_engineer_is_placed() -> None:
    turn = run(START, {"AUS": ["E Vie", "E Bud"]}, "S1901M")
    assert result(turn, "AUS", "bud").outcome == Outcome.ILLEGAL
    assert {u for u in board(turn) if " E " in u} == {"AUS E vie"}


def test_austria_takes_an_army_in_trieste_by_ordering_one() -> None:
    turn = run(START, {"AUS": ["A Tri - Ser"]}, "S1901M")
    assert "AUS A ser" in board(turn)
    assert result(turn, "AUS", "tri").outcome == Outcome.SUCCEEDS


def test_austria_keeps_the_navy_otherwise() -> None:
    turn = run(START, {"AUS": ["F Tri - Adr"]}, "S1901M")
    assert "AUS N adr" in board(turn)  # the rules write F for a fleet: the navy moves
    unordered = run(START, {}, "S1901M")
    assert "AUS N tri" in board(unordered)


def test_the_choice_is_the_first_springs_only() -> None:
    turn = run(["AUS N tri"], {"AUS": ["A Tri - Ser"]}, "S1902M")
    assert result(turn, "AUS", "tri").outcome == Outcome.ILLEGAL
    assert board(turn) == {"AUS N tri"}
