"""Stab Envoy (rule 12 a-d) after a Spring: each player learns the players' powers, every
retreat, the opponents' Major Allies with their units and Controlled Neutrals by name, the
orders of units that met an opponent's or a neutral's, and diplomat contacts; nothing else.

The board, worked out by hand: France (two diplomats in England: England is his Major
Ally) attacks the German fleet in Holland from Belgium with the North Sea's support and
dislodges it; Marseilles bounces off the Italian army in Piedmont (Italy, never visited,
is a Major Neutral: it holds); Paris goes quietly to Gascony and a diplomat to Spain.
Germany (one diplomat in Austria: his Controlled Neutral) moves Munich to the empty Ruhr,
Vienna to the empty Tyrolia, and a diplomat to Denmark. Nobody meets anybody else.
"""

from __future__ import annotations

from typing import Any

from judge.engine.outcome import OrderResult
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.visibility import Viewer
from tests.variants.envoy.hidden import (
    ENVOY,
    FRANCE,
    GERMANY,
    GRAMMAR,
    board_units,
    play,
    report,
    results,
    sighted,
)

UNITS = ["FRANCE A bel", "FRANCE F nth", "FRANCE A mar", "FRANCE A par", "FRANCE D engl",
         "FRANCE D engl", "FRANCE D fra", "GERMANY F hol", "GERMANY A mun", "GERMANY D aus",
         "GERMANY D ger", "ITALY A pie", "ITALY A rom", "ITALY F nap", "AUSTRIA A vie",
         "AUSTRIA F tri", "ENGLAND F edi", "ENGLAND F lon", "ENGLAND A lvp"]
ORDERS = {"FRANCE": ["A Bel-Hol", "F Nth S A Bel-Hol", "A Mar-Pie", "A Par-Gas", "D Fra-Spa"],
          "GERMANY": ["A Mun-Ruh", "A Vie-Tyr", "D Ger-Den"]}


def spring(**state: Any) -> TurnResult:
    return play("S1914M", UNITS, ORDERS, "stab", **state)


def test_a_the_players_powers_are_named_to_each() -> None:
    for viewer in (FRANCE, GERMANY, Viewer.observer()):
        assert "Players: France, Germany.\n" in report(spring(), viewer)


def test_b_every_retreat_is_told() -> None:
    turn = spring()
    retreat = "The German F Holland can retreat to Helgoland Bight, Kiel"
    assert f"{retreat}." in report(turn, FRANCE)
    # Germany cannot see France's fleet in the North Sea (its support is not told, 12d), so
    # the retreats it is told leave it open: a retreat there would bounce (issue #13 item 3).
    assert f"{retreat}, North Sea." in report(turn, GERMANY)
    after = adjudicate(ENVOY.rules, turn.position,
                       {"GERMANY": [GRAMMAR.parse("F Hol-Kie", "R")]})
    assert "Germany:  F Holland -> Kiel." in report(after, FRANCE)


def test_c_major_allies_with_their_units_controlled_neutrals_by_name() -> None:
    turn = spring()
    german, french = report(turn, GERMANY), report(turn, FRANCE)
    ally = "Major Ally of France: England: F Edinburgh, F London, A Liverpool."
    assert ally in german and ally in french
    assert "Controlled Neutral of Germany: Austria." in french
    # Austria's units stay Germany's secret: not its army's move, nor its fleet.
    assert "Tyrolia" not in french and "Trieste" not in french and "Vienna" not in french
    assert board_units(turn, GERMANY) >= {"ENGLAND F edi", "ENGLAND F lon", "ENGLAND A lvp"}
    assert not {u for u in board_units(turn, FRANCE) if u.startswith("AUSTRIA")}


def test_d_units_that_met_are_told_supports_are_not() -> None:
    german = report(spring(), GERMANY)
    assert "France:   A Belgium -> Holland." in german  # it met the German fleet
    assert "France:   A Marseilles -> Piedmont. (*bounce*)" in german  # it met a neutral
    assert "Italy:    A Piedmont (order not reported)." in german
    # The support that dislodged Holland, the quiet move and the diplomat stay hidden.
    for hidden in ("F North Sea", "Gascony", "Spain", "D France", "Italy:    A Rome"):
        assert hidden not in german
    assert set(results(spring(), GERMANY)) == {
        "FRANCE A bel", "FRANCE A mar", "GERMANY F hol", "GERMANY A mun", "GERMANY D aus",
        "GERMANY D ger", "AUSTRIA A vie", "AUSTRIA F tri"}


def test_d_a_unit_attacked_is_seen_where_it_stood() -> None:
    turn = spring()
    french = report(turn, FRANCE)
    assert "Germany:  F Holland (order not reported). (*dislodged*)" in french
    assert sighted(turn, FRANCE) == {"GERMANY F hol", "ITALY A pie"}
    for hidden in ("Ruhr", "Denmark", "D Germany", "Munich"):
        assert hidden not in french
    assert board_units(turn, FRANCE) == {
        "FRANCE A hol", "FRANCE F nth", "FRANCE A mar", "FRANCE A gas", "FRANCE D engl",
        "FRANCE D spa", "ENGLAND F edi", "ENGLAND F lon", "ENGLAND A lvp"}


def test_d_diplomat_contacts_are_told_other_diplomats_are_not() -> None:
    turn = play("S1914M", ["FRANCE D bel", "FRANCE D fra", "GERMANY D ger"],
                {"FRANCE": ["D Bel-Hol", "D Fra-Spa"], "GERMANY": ["D Ger-Hol"]}, "stab")
    german = report(turn, GERMANY)
    assert "France:   D Belgium -> Holland. (*bounce*)" in german
    assert "Spain" not in german


def test_observers_see_what_an_outsider_may_unless_the_game_shows_them_all() -> None:
    outsider = report(spring(), Viewer.observer())
    assert "France:   A Belgium -> Holland." in outsider
    assert "F North Sea" not in outsider and "Ruhr" not in outsider
    everything = report(spring(observers_see_all=True), Viewer.observer())
    assert "France:   F North Sea SUPPORT A Belgium -> Holland." in everything
    assert "Germany:  A Munich -> Ruhr." in everything
    assert "Germany:  A Munich -> Ruhr." in report(spring(), Viewer.master())


def test_without_the_board_the_projection_tells_least() -> None:
    # `project(events, viewer)` cannot read the game's choice: it answers as Stab does
    # with nothing known of control (Germany's Austria is then not his).
    shown = ENVOY.rules.visibility.project(spring().events, GERMANY)
    told = {f"{r.unit.power} {r.unit}" for r in shown
            if isinstance(r, OrderResult) and r.unit is not None}
    assert told == {"FRANCE A bel", "FRANCE A mar", "GERMANY F hol", "GERMANY A mun",
                    "GERMANY D aus", "GERMANY D ger"}
