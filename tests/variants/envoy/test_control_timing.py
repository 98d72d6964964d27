"""Stab Envoy (rule 12) when control changes during a turn: the player who ordered a country
when the turn began reads the results of his orders for it in full, though he lost it in
that turn (rule 6: he wrote them); from the next turn on he is an outsider to it. The
country's new controller does not read his rival's orders for it (12d).

Worked out by hand:

- Spring 1914. France's two diplomats in England make it his Major Ally (6). He sends its
  fleets London-English Channel and Edinburgh-Norwegian Sea and its army Liverpool-
  Yorkshire, all to empty provinces, and Paris to Burgundy. Germany's diplomat moves from
  Holland into England with the support of his diplomats in Belgium and Denmark: strength
  3 against the French stack's 2, so the stack is dislodged and eliminated (5.iv, 5.v).
  Germany's single diplomat then makes England his Controlled Neutral (6). No army or
  fleet met another.
- Fall 1914 (rule 8). France's two diplomats in Italy make it his Major Ally. He moves
  Italy's army Venice-Apulia and fleet Naples-Ionian Sea, and his own army Piedmont-Venice
  into the vacated Italian home centre. At the Autumn's end France occupies a neutral's home
  centre he invaded that Autumn: his diplomats no longer affect Italy, nobody else's are
  there, so Italy stands in civil disorder (a Major Neutral). Italy keeps Rome and Naples
  with three units: in the Winter it removes one by civil disorder, which France, no longer
  its controller, is not told.
"""

from __future__ import annotations

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

ENGLAND_UNITS = ["FRANCE D engl", "FRANCE D engl", "FRANCE A par", "ENGLAND F lon",
                 "ENGLAND F edi", "ENGLAND A lvp", "GERMANY D hol", "GERMANY D bel",
                 "GERMANY D den", "GERMANY A mun"]
ENGLAND_ORDERS = {"FRANCE": ["F Lon-Eng", "F Edi-Nwg", "A Lvp-Yor", "A Par-Bur"],
                  "GERMANY": ["D Hol-England", "D Bel S D Hol-England",
                              "D Den S D Hol-England", "A Mun-Ruh"]}
ITALY_UNITS = ["FRANCE D ita", "FRANCE D ita", "FRANCE A pie", "FRANCE A par", "ITALY A ven",
               "ITALY F nap", "ITALY A rom", "GERMANY D ger", "GERMANY A mun"]
ITALY_ORDERS = {"FRANCE": ["A Pie-Ven", "A Ven-Apu", "F Nap-Ion"], "GERMANY": ["A Mun-Ruh"]}


def england_lost(hidden: str = "stab") -> TurnResult:
    return play("S1914M", ENGLAND_UNITS, ENGLAND_ORDERS, hidden)


def italy_forfeited() -> TurnResult:
    return play("F1914M", ITALY_UNITS, ITALY_ORDERS, "stab")


def then(turn: TurnResult, orders: dict[str, list[str]]) -> TurnResult:
    assert turn.next_phase is not None
    parsed = {p: [GRAMMAR.parse(t, turn.next_phase.kind) for t in ts] for p, ts in orders.items()}
    return adjudicate(ENVOY.rules, turn.position, parsed)


def test_the_turn_moves_england_to_germany() -> None:
    control = england_lost().position.state["control"]
    assert isinstance(control, dict) and control["ENGLAND"] == ["controlled neutral", "GERMANY"]


def test_the_player_who_lost_his_major_ally_reads_his_orders_for_it() -> None:
    french = report(england_lost(), FRANCE)
    assert "England:  F London -> English Channel.\n" in french
    assert "England:  F Edinburgh -> Norwegian Sea.\n" in french
    assert "England:  A Liverpool -> Yorkshire.\n" in french
    # His diplomats had no order: the report marks them (issue #11, item 13).
    assert "France:   D England HOLD (no order). (*dislodged*)\n" in french
    # He is told whose Controlled Neutral it now is, and no longer sees its units.
    assert "Controlled Neutral of Germany: England.\n" in french
    assert not {u for u in board_units(england_lost(), FRANCE) if u.startswith("ENGLAND")}


def test_the_new_controller_does_not_read_his_rivals_orders() -> None:
    turn = england_lost()
    german = report(turn, GERMANY)
    for hidden in ("English Channel", "Norwegian Sea", "Yorkshire", "Burgundy"):
        assert hidden not in german
    # England's units are his to see on the board from now on (he orders them next).
    assert board_units(turn, GERMANY) >= {"ENGLAND F eng", "ENGLAND F nwg", "ENGLAND A yor"}
    assert set(results(turn, GERMANY)) == {"GERMANY A mun", "GERMANY D hol", "GERMANY D bel",
                                           "GERMANY D den"}
    assert sighted(turn, GERMANY) == {"FRANCE D engl"}  # only moved into (11): seen standing


def test_units_of_one_side_when_they_met_are_no_conflict() -> None:
    # France's own fleet from Brest and England's from London bounce in the Channel: both
    # his when they met (12d: no "opposing" units), though England is Germany's after.
    units = [*ENGLAND_UNITS, "FRANCE F bre"]
    orders = {**ENGLAND_ORDERS, "FRANCE": [*ENGLAND_ORDERS["FRANCE"], "F Bre-Eng"]}
    turn = play("S1914M", units, orders, "stab")
    assert "England:  F London -> English Channel. (*bounce*)\n" in report(turn, FRANCE)
    german = report(turn, GERMANY)
    assert "English Channel" not in german and "Brest" not in german


def test_from_the_next_turn_on_he_is_an_outsider() -> None:
    fall = then(england_lost(), {"GERMANY": ["A Yor-Wal", "F Eng H", "F Nwg H"],
                                 "FRANCE": ["A Bur H"]})
    assert "England:  A Yorkshire -> Wales.\n" in report(fall, GERMANY)
    french = report(fall, FRANCE)
    assert "Wales" not in french and "England:" not in french
    assert set(results(fall, FRANCE)) == {"FRANCE A bur"}


def test_a_rule_8_forfeit_leaves_him_his_autumns_orders() -> None:
    turn = italy_forfeited()
    assert turn.position.state["barred"] == {"ITALY": ["FRANCE"]}
    french = report(turn, FRANCE)
    assert "Italy:    A Venice -> Apulia.\n" in french
    assert "Italy:    F Naples -> Ionian Sea.\n" in french
    assert "Italy:    A Rome HOLD (no order).\n" in french
    assert "Changes:\n  Venice: France (was Italy)\n" in french
    german = report(turn, GERMANY)
    assert "Apulia" not in german and "Ionian" not in german and "Italy:" not in german


def test_after_a_forfeit_the_winter_and_spring_are_not_his() -> None:
    winter = then(italy_forfeited(), {})
    assert "Italy:    removes 1 unit" in report(winter, Viewer.master())
    assert "Italy" not in report(winter, FRANCE)
    spring = then(winter, {"FRANCE": ["A Apu-Nap", "A Ven-Tyr"]})
    assert set(results(spring, FRANCE)) == {"FRANCE A ven", "FRANCE A par", "FRANCE D ita",
                                            "ITALY A apu"}
    (refused,) = [r for r in results(spring, FRANCE).values() if r.unit and r.unit.loc == "apu"]
    assert (refused.power, refused.message) == ("FRANCE", "A apu belongs to ITALY, not FRANCE")
    assert "Italy:" not in report(spring, FRANCE)


def test_the_record_of_who_ordered_what_never_reaches_a_player() -> None:
    for hidden in ("stab", "secret"):
        turn = england_lost(hidden)
        assert turn.position.state["writers"] == {"ENGLAND": "FRANCE"}
        for viewer in (FRANCE, GERMANY, Viewer.observer()):
            assert "writers" not in ENVOY.rules.visibility.board(turn.position, viewer).state
            assert "writers" not in report(turn, viewer)


def test_secret_envoy_shows_every_army_and_fleet_under_its_country() -> None:
    # Rule 11: control plays no part in what is shown; England's moves are public.
    turn = england_lost("secret")
    for viewer in (FRANCE, GERMANY):
        assert "England:  F London -> English Channel.\n" in report(turn, viewer)
    assert "France:   D England (order not reported). (*dislodged*)\n" in report(turn, GERMANY)
