"""Units of another layer (Envoy's diplomats) share provinces and are left to their variant."""

from __future__ import annotations

from dataclasses import replace

from judge.engine.board import Board
from judge.engine.geo import Border, Geography
from judge.engine.legality import check_movement
from judge.engine.movement import resolve_movement
from judge.engine.orders import Disband, Move
from judge.engine.outcome import Outcome
from judge.engine.position import Position
from judge.engine.resolver import Resolver
from judge.engine.rules import Rules
from judge.engine.turn import adjudicate
from judge.engine.types import Phase, Unit, UnitKind
from judge.variant_loader import load_variant
from judge.variant_map import read_borders

V = load_variant("standard")
DIPLOMAT = UnitKind("D", "diplomat", "army", frozenset({"land", "coast"}), layer="diplomat",
                    takes_centres=False)


def _rules() -> Rules:
    geo = V.rules.geo
    kinds = {**geo.kinds, "D": DIPLOMAT}
    borders = read_borders(V.folder / "borders.csv")
    return replace(V.rules, geo=Geography(geo.provinces.values(), borders, kinds))


def test_a_diplomat_order_does_not_move_the_army_beside_it() -> None:
    rules = _rules()
    board = Position(Phase.parse("F1901M"),
                     (Unit("FRANCE", "A", "par"), Unit("FRANCE", "D", "par")), {})
    turn = adjudicate(rules, board, {"FRANCE": [Move("par", "bur", "D")]})
    (result,) = [r for r in turn.results if r.outcome == Outcome.ILLEGAL]
    assert "there is no diplomat in par" in result.message
    assert set(turn.position.units) == set(board.units)


def test_other_layers_pass_through_movement_and_take_no_centres() -> None:
    rules = _rules()
    board = Position(Phase.parse("F1901M"),
                     (Unit("FRANCE", "A", "par"), Unit("GERMANY", "D", "bel")), {})
    turn = adjudicate(rules, board, {"FRANCE": [Move("par", "pic")]})
    assert Unit("GERMANY", "D", "bel") in turn.position.units
    assert "bel" not in turn.position.owners  # a diplomat does not capture a centre


def test_a_removal_takes_the_main_layer_unit_not_the_diplomat_beside_it() -> None:
    rules = _rules()
    board = Position(Phase.parse("W1901A"),
                     (Unit("FRANCE", "D", "par"), Unit("FRANCE", "A", "par"),
                      Unit("FRANCE", "A", "bur")), {"par": "FRANCE"})
    turn = adjudicate(rules, board, {"FRANCE": [Disband("par")]})
    assert set(turn.position.units) == {Unit("FRANCE", "D", "par"), Unit("FRANCE", "A", "bur")}


def test_a_unit_given_strength_two_beats_a_unit_holding_alone() -> None:
    # The standard map, no supports: A bur -> par against A par holding. Strength 1 each
    # bounces; strength 2 for the attacker succeeds (the Resolver's per-unit strength,
    # which a variant's own resolver uses: Envoy's stacks, 5.v).
    board = Position(Phase.parse("S1901M"),
                     (Unit("GERMANY", "A", "bur"), Unit("FRANCE", "A", "par")), {})
    orders = {"GERMANY": [Move("bur", "par")]}
    plain = resolve_movement(V.rules, board, orders)
    assert [r.outcome for r in plain.results] == [Outcome.FAILS, Outcome.SUCCEEDS]
    facts = Board(V.rules, board)
    legal, _ = check_movement(facts, orders)
    strong = Resolver(V.rules, facts, legal, {Unit("GERMANY", "A", "bur"): 2})
    strong.run()
    assert strong.res[0]  # the move from Burgundy (unit 0) into Paris succeeds


def test_a_kind_stands_only_where_its_graph_reaches() -> None:
    # Terrain allows land, but the graph has only par-bur: Munich is no place for it.
    kind = UnitKind("X", "envoy", "x", frozenset({"land"}), layer="x")
    geo = V.rules.geo
    borders = [*read_borders(V.folder / "borders.csv"), Border("bur", "par", frozenset({"x"}))]
    small = Geography(geo.provinces.values(), borders, {**geo.kinds, "X": kind})
    assert small.stand_locations(kind, "par") == ("par",)
    assert small.stand_locations(kind, "mun") == ()
    assert small.stand_locations(small.kinds["A"], "mun") == ("mun",)
