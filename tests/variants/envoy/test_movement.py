"""Diplomats in a movement phase (rule 5), worked out by hand from the rules.

Each scenario gives the board and the orders as players write them, and checks the results
and the board after the phase. Unit strengths: a stack of n diplomats moves, holds and
supports with n (5.v, docs/variants/envoy.md).
"""

from __future__ import annotations

from collections import Counter

import pytest

from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.grammar import Grammar
from judge.grammar.notation import order_text, result_tag
from judge.variant_loader import load_variant

ENVOY = load_variant("envoy")
GRAMMAR = Grammar.for_variant(ENVOY)


def unit(text: str) -> Unit:
    """'AUSTRIA D aus' -> the unit."""
    power, kind, loc = text.split()
    return Unit(power, kind, loc)


def run(units: list[str], orders: dict[str, list[str]]) -> TurnResult:
    board = Position(Phase.parse("S1914M"), tuple(unit(u) for u in units), {})
    parsed = {p: [GRAMMAR.parse(t, "M") for t in texts] for p, texts in orders.items()}
    return adjudicate(ENVOY.rules, board, parsed)


def board(turn: TurnResult) -> Counter[str]:
    return Counter(f"{u.power} {u.kind} {u.loc}" for u in turn.position.units)


def result(turn: TurnResult, loc: str, kind: str = "D") -> OrderResult:
    (found,) = [r for r in turn.results
                if r.unit is not None and r.unit.loc == loc and r.unit.kind == kind]
    return found


def test_two_single_diplomats_bounce() -> None:
    turn = run(["AUSTRIA D aus", "FRANCE D fra"],
               {"AUSTRIA": ["D Aus-Ita"], "FRANCE": ["D Fra-Ita"]})
    assert result(turn, "aus")[4:6] == (Outcome.FAILS, Reason.BOUNCED)
    assert result(turn, "fra")[4:6] == (Outcome.FAILS, Reason.BOUNCED)
    assert board(turn) == Counter(["AUSTRIA D aus", "FRANCE D fra"])


def test_a_stack_of_two_dislodges_one_which_is_eliminated() -> None:
    turn = run(["AUSTRIA D aus", "AUSTRIA D aus", "ITALY D ita"],
               {"AUSTRIA": ["D Aus-Ita"], "ITALY": ["D Ita H"]})
    assert result(turn, "aus").outcome == Outcome.SUCCEEDS
    held = result(turn, "ita")
    assert (held.outcome, held.reason, held.dislodged) == (Outcome.FAILS, Reason.DISLODGED, True)
    assert board(turn) == Counter({"AUSTRIA D ita": 2})
    assert turn.position.dislodged == ()  # 5.iv: no retreat,
    assert str(turn.next_phase) == "F1914M"  # so no retreat phase


def test_a_stack_of_two_holds_against_one_supported_attack() -> None:
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "ITALY D ita", "ITALY D ita"],
               {"AUSTRIA": ["D Aus-Ita", "D Alb S D Aus-Ita"], "ITALY": ["D Ita H"]})
    assert result(turn, "aus")[4:6] == (Outcome.FAILS, Reason.BOUNCED)  # 2 against 2
    assert board(turn)["ITALY D ita"] == 2


def test_support_between_diplomats_dislodges() -> None:
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "ITALY D ita"],
               {"AUSTRIA": ["D Austria-Italy", "D Alb S D Austria - Italy"],
                "ITALY": ["D Ita H"]})
    assert result(turn, "alb").outcome == Outcome.SUCCEEDS
    assert result(turn, "ita").dislodged
    assert board(turn) == Counter(["AUSTRIA D ita", "AUSTRIA D alb"])


def test_a_supporting_stack_adds_its_size() -> None:
    # 1 + 2 supporting diplomats = 3 against a stack of 2 holding.
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "AUSTRIA D alb", "ITALY D ita", "ITALY D ita"],
               {"AUSTRIA": ["D Aus-Ita", "D Alb S D Aus-Ita"]})
    assert result(turn, "aus").outcome == Outcome.SUCCEEDS
    assert board(turn) == Counter({"AUSTRIA D ita": 1, "AUSTRIA D alb": 2})


def test_an_army_cannot_support_a_diplomat() -> None:
    turn = run(["AUSTRIA D aus", "AUSTRIA A tyr", "ITALY D ita"],
               {"AUSTRIA": ["D Aus-Ita", "A Tyr S D Aus-Ita"]})
    support = result(turn, "tyr", "A")
    assert support.outcome == Outcome.ILLEGAL
    assert "5.iv" in support.message
    assert result(turn, "aus")[4:6] == (Outcome.FAILS, Reason.BOUNCED)  # 1 against 1
    assert len([r for r in turn.results if r.unit == unit("AUSTRIA A tyr")]) == 1


def test_a_diplomat_cannot_support_an_army() -> None:
    turn = run(["ITALY A ven", "ITALY D ita", "AUSTRIA A tyr"],
               {"ITALY": ["A Ven-Tyr", "D Ita S A Ven-Tyr"]})
    assert "5.iv" in result(turn, "ita").message
    assert result(turn, "ven", "A")[4:6] == (Outcome.FAILS, Reason.BOUNCED)
    assert board(turn)["AUSTRIA A tyr"] == 1


def test_diplomats_and_armies_pass_through_each_other() -> None:
    # A hol -> bel and D bel -> hol would be a swap on one layer; across layers nothing meets.
    turn = run(["ENGLAND A hol", "GERMANY D bel", "FRANCE A bel"],
               {"ENGLAND": ["A Hol-Bel"], "GERMANY": ["D Bel-Hol"], "FRANCE": ["A Bel-Pic"]})
    assert result(turn, "hol", "A").outcome == Outcome.SUCCEEDS
    assert result(turn, "bel", "D").outcome == Outcome.SUCCEEDS
    assert board(turn) == Counter(["ENGLAND A bel", "GERMANY D hol", "FRANCE A pic"])


def test_an_army_beside_diplomats_holds_them_up_nowhere() -> None:
    # A diplomat enters a province where a foreign army holds; the army is untouched.
    turn = run(["GERMANY D ger", "FRANCE A bel"], {"GERMANY": ["D Ger-Bel"]})
    assert board(turn) == Counter(["GERMANY D bel", "FRANCE A bel"])
    assert result(turn, "bel", "A").outcome == Outcome.SUCCEEDS  # its implicit hold


def test_own_diplomats_join_rather_than_dislodge_each_other() -> None:
    # 5.v: a player may have several diplomats in a space; his own there never resist.
    turn = run(["AUSTRIA D aus", "AUSTRIA D ita"], {"AUSTRIA": ["D Aus-Ita"]})
    assert result(turn, "aus").outcome == Outcome.SUCCEEDS
    assert board(turn) == Counter(["AUSTRIA D ita", "AUSTRIA D ita"])


def test_a_home_province_in_a_diplomat_order_means_its_country() -> None:
    turn = run(["AUSTRIA D aus"], {"AUSTRIA": ["D Vie-Ven"]})
    assert board(turn) == Counter(["AUSTRIA D ita"])


def test_the_north_sea_does_not_exist_for_diplomats() -> None:
    turn = run(["GERMANY D hol"], {"GERMANY": ["D Hol-Nth"]})
    refused = result(turn, "hol")
    assert refused.outcome == Outcome.ILLEGAL
    assert refused.message == "the North Sea does not exist for diplomats (Envoy 5.iii)"
    assert len(turn.results) == 1


def test_regular_units_are_adjudicated_as_in_standard_diplomacy() -> None:
    # A supported attack dislodges; the army retreats as usual, beside a diplomat.
    turn = run(["FRANCE A bur", "FRANCE A pic", "GERMANY A bel", "GERMANY D bel"],
               {"FRANCE": ["A Bur-Bel", "A Pic S A Bur-Bel"]})
    assert [d.unit for d in turn.position.dislodged] == [unit("GERMANY A bel")]
    assert str(turn.next_phase) == "S1914R"
    assert board(turn)["GERMANY D bel"] == 1


def test_reports_show_diplomats_by_country() -> None:
    turn = run(["AUSTRIA D aus", "FRANCE D fra"],
               {"AUSTRIA": ["D Aus-Ita"], "FRANCE": ["D Fra-Ita"]})
    line = order_text(ENVOY.rules, result(turn, "aus"), "M", {})
    assert f"{line} {result_tag(result(turn, 'aus'))}" == "D Austria -> Italy. (*bounce*)"


def test_diplomats_of_two_players_in_one_space_are_refused() -> None:
    with pytest.raises(ValueError, match="diplomats of AUSTRIA and ITALY share ita"):
        run(["AUSTRIA D ita", "ITALY D ita"], {})
