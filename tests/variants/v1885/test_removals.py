"""1885-III's removals (issue #16 item 3; Retreats and Removals b, l.87-93): a removal a
player does not order is the game master's choice, asked of him as a question before the
adjustments (judge/engine/questions.py) and read from his answer; through `judge
adjudicate` an unanswered one falls back on the regular civil disorder rule."""

from __future__ import annotations

from typing import Any

from judge.engine.codec import position_from_json
from judge.engine.orders import Disband
from judge.variant_loader import load_variant
from tests.variants.v1885.adjudicate import ask, board, outcomes, units

ITALY = ["ITALY A rom", "ITALY F nap", "ITALY A ven", "ITALY A tus"]
CENTRES = {"ITALY": ["rom", "nap"]}  # two centres, four units: two removals


def _winter(orders: list[str], **state: Any) -> dict[str, Any]:
    return ask({"phase": "DECB1885A", "units": units(*ITALY), "centers": CENTRES,
                "state": state, "orders": {"ITALY": orders}})


def test_the_master_is_asked_for_each_removal_not_ordered() -> None:
    variant = load_variant("1885")
    rules = variant.rules
    position = position_from_json({"phase": "DECB1885A", "units": units(*ITALY),
                                   "owners": {"rom": "ITALY", "nap": "ITALY"}})
    asked = rules.questions(rules, position, {"ITALY": [Disband("ven", "A")]})
    assert [(q.key, q.choices) for q in asked] == [
        ("remove-italy-2", ("nap", "rom", "tus", "ven"))]
    assert "ITALY owes 2 removal(s) and ordered 1" in asked[0].text
    assert rules.questions(rules, position, {"ITALY": [Disband("ven", "A"),
                                                      Disband("tus", "A")]}) == ()


def test_the_master_s_answers_remove_the_units_he_names() -> None:
    reply = _winter([], answers={"remove-italy-1": "rom", "remove-italy-2": "NAP"})
    assert {u for u in board(reply)} == {"ITALY A ven", "ITALY A tus"}
    assert {r["reason"] for r in reply["results"]} == {"the game master's choice"}


def test_a_player_s_own_removal_comes_first() -> None:
    reply = _winter(["remove A ven"], answers={"remove-italy-2": "rom"})
    assert {u for u in board(reply)} == {"ITALY F nap", "ITALY A tus"}
    assert ("ITALY", "remove A ven", "succeeds") in outcomes(reply)


def test_without_an_answer_the_civil_disorder_rule_removes() -> None:
    # The 1971 rule (test_heldout4_removal_distance.py): the farthest from Italy's home
    # centres first, Tuscany, a move from Rome and Venice; Rome, Naples and Venice are home
    # (0), and of those the fleet goes first (the rule the text frees the master from:
    # "remove fleets before armies", l.88-89): Naples.
    reply = _winter([])
    assert {u for u in board(reply)} == {"ITALY A rom", "ITALY A ven"}
