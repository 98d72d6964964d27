"""rn45 C4 and C6 at the end of a Spring or Fall (and the Winter's end of a prison term)."""

from __future__ import annotations

from tests.variants.engineered.scenario import board, happened, run


def test_an_engineer_where_an_enemy_unit_stands_is_captured() -> None:
    # 4a: Austria's army walks into Galicia, where Russia's engineer stands alone.
    turn = run(["RUS E gal", "AUS A bud"], {"AUS": ["A Bud - Gal"]}, phase="S1902M")
    assert board(turn) == {"AUS A gal", "AUS P gal"}
    assert "captured RUS E gal" in happened(turn)
    [prison] = [u for u in turn.position.units if u.kind == "P"]
    assert dict(prison.payload) == {"owner": "RUSSIA"}


def test_an_engineer_with_its_own_unit_is_safe() -> None:
    turn = run(["RUS E gal", "RUS A gal", "AUS A bud"], {"AUS": ["A Bud - Gal"]},
               phase="S1902M")
    assert board(turn) == {"RUS A gal", "RUS E gal", "AUS A bud"}


def test_capture_waits_for_the_retreats_that_end_the_spring() -> None:
    spring = run(["TUR A ser", "TUR E ser", "AUS A bud", "AUS A alb"],
                 {"AUS": ["A Bud - Ser", "A Alb S A Bud - Ser"]}, phase="S1902M")
    retreats = run(sorted(board(spring)), {"TUR": ["A Ser - Bul"]}, phase="S1902R")
    assert "captured TUR E ser" in happened(retreats)
    assert "AUS P ser" in board(retreats)


def test_an_engineer_meeting_a_prison_disbands_it() -> None:
    # 6a: the Turkish captor walks its prison into Rumania, where Russia's engineer stands
    # with a Russian army that moves away: the prison is disbanded, and then the engineer,
    # alone with a Turkish army, is captured (4a).
    turn = run(["TUR A bul", "TUR P bul AUS", "RUS A rum", "RUS E rum"],
               {"TUR": ["A Bul - Rum"], "RUS": ["A Rum - Ukr"]}, phase="F1902M")
    assert "freed TUR P rum" in happened(turn)
    assert "captured RUS E rum" in happened(turn)
    assert "TUR P rum" in board(turn)


def test_two_engineers_in_one_area_are_both_disbanded() -> None:
    turn = run(["RUS A stp", "RUS E stp", "RUS E rum", "RUS A rum"],
               {"RUS": ["A StP T E Rum"]})
    assert {"two_engineers RUS E stp"} == {h for h in happened(turn) if "two" in h}
    assert not any(" E " in u for u in board(turn))


def test_prisons_end_with_the_winter() -> None:
    turn = run(["TUR A bud", "TUR P bud AUS"], {}, phase="W1902A")
    assert board(turn) == {"TUR A bud"}
    assert "term_over TUR P bud" in happened(turn)
