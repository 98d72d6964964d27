"""rn45 C5: engineers move attached to a unit of their area (5a(1), 5b) or by transport
(5d, its worked example as written), and bug out (5e); prisons go with their captors
(4c) and are disbanded with a dislodged one (5c)."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from tests.variants.engineered.scenario import board, happened, result, run


def test_an_engineer_moves_with_its_unit() -> None:
    turn = run(["GER A ber", "GER E ber"], {"GER": ["A Ber - Mun", "E Ber - Mun"]})
    assert board(turn) == {"GER A mun", "GER E mun"}
    assert result(turn, "GER", "ber", "E").outcome == Outcome.SUCCEEDS


def test_an_engineer_is_not_carried_by_a_unit_that_bounces() -> None:
    turn = run(["GER A ber", "GER E ber", "FRA A bur"],
               {"GER": ["A Ber - Mun", "E Ber - Mun"], "FRA": ["A Bur - Mun"]})
    assert "GER E ber" in board(turn)
    failed = result(turn, "GER", "ber", "E")
    assert failed.outcome == Outcome.FAILS
    assert failed.message == "your unit in ber did not move to mun (rn45 C5 5a, 5b)"


def test_an_engineer_alone_cannot_move_by_itself() -> None:
    turn = run(["GER E ber", "GER A kie"], {"GER": ["E Ber - Mun"]})
    refused = result(turn, "GER", "ber", "E")
    assert refused.outcome == Outcome.ILLEGAL
    assert "GER E ber" in board(turn)


def test_an_engineer_moving_out_of_an_area_taken_bugs_out() -> None:
    # 5e: Turkey's army leaves Serbia with the engineer as Austria's army walks in.
    turn = run(["TUR A ser", "TUR E ser", "AUS A bud", "AUS A alb"],
               {"TUR": ["A Ser - Bul", "E Ser - Bul"],
                "AUS": ["A Bud - Ser", "A Alb S A Bud - Ser"]}, phase="S1902M")
    assert {"TUR A bul", "TUR E bul", "AUS A ser"} <= board(turn)
    assert "bugout TUR E ser" in happened(turn)  # 5e: out of an area Austria now holds


def test_a_dislodged_unit_leaves_its_engineer_to_the_victor() -> None:
    turn = run(["TUR A ser", "TUR E ser", "AUS A bud", "AUS A alb"],
               {"TUR": ["A Ser H"], "AUS": ["A Bud - Ser", "A Alb S A Bud - Ser"]},
               phase="S1902M")
    assert "AUS A ser" in board(turn)
    assert turn.next_phase is not None and turn.next_phase.kind == "R"
    # The retreat ends the Spring: the engineer is then captured (4a).
    assert "captured TUR E ser" not in happened(turn)


def test_the_c5d_example_a_transport_not_attacked_succeeds() -> None:
    # "A StP T E Rum not attacked succeeds"
    turn = run(["RUS A stp", "RUS E rum", "RUS A rum"], {"RUS": ["A StP T E Rum"]})
    assert "RUS E stp" in board(turn) and "RUS E rum" not in board(turn)
    assert result(turn, "RUS", "stp").outcome == Outcome.SUCCEEDS


def test_the_c5d_example_a_transport_attacked_fails() -> None:
    # "... if A Liv-StP it fails": Liv is Livonia, St Petersburg's neighbour (reader.py).
    turn = run(["RUS A stp", "RUS E rum", "RUS A rum", "GER A lvn"],
               {"RUS": ["A StP T E Rum"], "GER": ["A Liv-StP"]})
    assert "RUS E rum" in board(turn)
    failed = result(turn, "RUS", "stp")
    assert failed.outcome == Outcome.FAILS
    assert failed.message == "stp is attacked by Germany (rn45 C5 5d)"
    assert "RUS A stp" in board(turn)  # the transporting unit held


def test_a_transporting_unit_does_nothing_else() -> None:
    # 5d: "provided it does not make any other order": its later move replaces the
    # transport in the player's order set; on its own the transporting unit holds.
    turn = run(["RUS A stp", "RUS E rum", "RUS A rum", "GER A fin", "GER A nwy"],
               {"RUS": ["A StP T E Rum"], "GER": ["A Fin - StP", "A Nwy S A Fin - StP"]})
    assert "GER A stp" in board(turn)  # the holding army is dislodged by two
    assert "RUS E rum" in board(turn)


def test_an_attack_by_ones_own_country_does_not_stop_a_transport() -> None:
    turn = run(["RUS A stp", "RUS E rum", "RUS A mos"],
               {"RUS": ["A StP T E Rum", "A Mos - StP"]})
    assert "RUS E stp" in board(turn)


def test_a_transport_of_no_engineer_fails() -> None:
    turn = run(["RUS A stp", "TUR E rum", "TUR A rum"], {"RUS": ["A StP T E Rum"]})
    failed = result(turn, "RUS", "stp")
    assert failed.outcome == Outcome.FAILS
    assert failed.message == "there is no engineer of yours in rum (rn45 C5 5d)"


def test_a_transported_engineer_bugs_out_of_an_area_taken() -> None:
    turn = run(["RUS A stp", "RUS E rum", "RUS A rum", "AUS A bud", "AUS A gal"],
               {"RUS": ["A StP T E Rum"], "AUS": ["A Bud - Rum", "A Gal S A Bud - Rum"]})
    assert "RUS E stp" in board(turn)
    assert "bugout RUS E rum" in happened(turn)


def test_a_prison_goes_with_its_captor() -> None:
    turn = run(["TUR A bud", "TUR P bud AUS"], {"TUR": ["A Bud - Gal"]})
    assert board(turn) == {"TUR A gal", "TUR P gal"}


def test_a_dislodged_captor_loses_its_prison() -> None:
    turn = run(["TUR A bud", "TUR P bud AUS", "AUS A vie", "AUS A gal"],
               {"AUS": ["A Vie - Bud", "A Gal S A Vie - Bud"]}, phase="S1902M")
    assert "captor_dislodged TUR P bud" in happened(turn)
    assert not any(" P " in u for u in board(turn))


def test_a_prison_takes_no_orders() -> None:
    turn = run(["TUR A bud", "TUR P bud AUS"], {"TUR": ["P Bud - Gal"]})
    assert result(turn, "TUR", "bud", "P").outcome == Outcome.ILLEGAL
