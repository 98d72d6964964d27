"""rn45 C0: "The 'Rules for Diplomacy' Copyright 1971 will apply": where the editions
differ, the 1971 choice, as Envoy's rule 1 is read. Expected values are the 1971 rulebook's
as DATC v3.0 4.A.1 a and 4.A.5 a state them (cases 6.F.9 and 6.H.11 give the 2000/2023
results, which these reverse)."""

from __future__ import annotations

from judge.engine.rulebook import ConvoyDisruption

from .scenario import ENGINEERED, board, result, run


def test_the_variant_plays_the_1971_convoy_choices() -> None:
    assert ENGINEERED.rules.rulebook.convoy_disruption == ConvoyDisruption.ANY_ROUTE
    assert ENGINEERED.rules.rulebook.retreat_to_convoy_origin is False


def test_a_convoy_with_two_routes_fails_when_one_fleet_is_dislodged() -> None:
    # DATC 6.F.9 with navies: 1971, the Channel's dislodgement disrupts the convoy.
    turn = run(["ENG A lon", "ENG N nth", "ENG N eng", "FRA N bre", "FRA N mao"],
               {"ENG": ["A Lon - Bel", "N Nth C A Lon - Bel", "N Eng C A Lon - Bel"],
                "FRA": ["N Bre - Eng", "N Mao S N Bre - Eng"]}, phase="S1902M")
    assert result(turn, "ENG", "lon").outcome != "succeeds"
    assert "ENG A lon" in board(turn)
    assert "ENG A bel" not in board(turn)


def test_no_retreat_to_where_an_army_convoyed_from_a_neighbour_came_from() -> None:
    # DATC 6.H.11's question on a smaller board: 1971, the army dislodged in Belgium may
    # not retreat to Picardy, which the convoyed army left.
    turn = run(["FRA A pic", "FRA N eng", "FRA A bur", "GER A bel"],
               {"FRA": ["A Pic - Bel via convoy", "N Eng C A Pic - Bel", "A Bur S A Pic - Bel"],
                "GER": ["A Bel H"]}, phase="S1902M")
    assert "FRA A bel" in board(turn)
    [gone] = turn.position.dislodged
    assert set(gone.retreats) == {"hol", "ruh"}
