"""1885-III's retreats (issue #16 item 3; Retreats and Removals a, l.83-87), through `judge
adjudicate`: a unit whose player gives no retreat goes by Just's Right-Hand Rule, first
right of the attack, first left, second right...; no disband or off-the-board retreat.

Tyrolia's neighbours clockwise (clockwise.csv): Bohemia, Vienna, Croatia, Venice, Piedmont,
Switzerland, Munich. Attacked from Venice, the rule's order is Piedmont (first right),
Croatia (first left), Switzerland, Vienna, Munich, Bohemia."""

from __future__ import annotations

from typing import Any

from judge.game.instance import variant_instance
from tests.variants.v1885.adjudicate import ask, board, folder_module, units
from tests.variants.v1885.board import move, retreat, standing

ATTACK = {"ITALY": ["A ven - tyr", "A pie S A ven - tyr"]}


def _retreat(extra: list[str], orders: dict[str, list[str]]) -> dict[str, Any]:
    moved = ask({"phase": "MAY1885M",
                 "units": units("AUSTRIA A tyr", "ITALY A ven", "ITALY A pie", *extra),
                 "orders": ATTACK})
    assert moved["next_phase"] == "MAY1885R", moved
    return ask({"phase": "MAY1885R", "units": moved["units"], "dislodged": moved["dislodged"],
                "orders": orders})


def _austrian(reply: dict[str, Any]) -> set[str]:
    return {u for u in board(reply) if u.startswith("AUSTRIA")}


def test_the_rule_s_order_around_tyrolia() -> None:
    around = ["boh", "vie", "cro", "ven", "pie", "swi", "mun"]
    order = folder_module("retreats").right_hand_order(around, "ven")
    assert order == ["pie", "cro", "swi", "vie", "mun", "boh"]


def test_no_order_retreats_first_left_when_the_first_right_is_taken() -> None:
    # Piedmont holds the Italian supporter: Croatia, first to the left.
    reply = _retreat([], {})
    assert _austrian(reply) == {"AUSTRIA A cro"}
    [result] = reply["results"]
    assert result["outcome"] == "succeeds" and result["reason"] == "Just's Right-Hand Rule"


def test_then_second_right() -> None:
    reply = _retreat(["RUSSIA A cro"], {})
    assert _austrian(reply) == {"AUSTRIA A swi"}


def test_an_ordered_retreat_is_the_player_s() -> None:
    reply = _retreat([], {"AUSTRIA": ["A tyr - mun"]})
    assert _austrian(reply) == {"AUSTRIA A mun"}


def test_a_disband_is_refused_and_the_rule_retreats_the_unit() -> None:
    reply = _retreat([], {"AUSTRIA": ["A tyr disband"]})
    assert _austrian(reply) == {"AUSTRIA A cro"}
    refused = [r for r in reply["results"] if r["outcome"] == "illegal"]
    assert len(refused) == 1 and "may not be a disband" in refused[0]["reason"]


def test_an_impossible_retreat_is_no_order() -> None:
    reply = _retreat([], {"AUSTRIA": ["A tyr - pie"]})
    assert _austrian(reply) == {"AUSTRIA A cro"}


def test_a_unit_disbands_only_when_no_retreat_is_possible() -> None:
    blockers = ["RUSSIA A cro", "RUSSIA A swi", "RUSSIA A vie", "RUSSIA A mun",
                "RUSSIA A boh"]
    reply = _retreat(blockers, {})
    assert _austrian(reply) == set()


def test_the_rule_may_send_a_fleet_into_the_box_beside_another() -> None:
    # The Indian Ocean's neighbours clockwise: the Box, the Red Sea, Arabia, Persia. Attacked
    # from the Red Sea with support from Arabia, the Turkish fleet's first right is Arabia
    # (held), its first left the Box, which takes any number of fleets (l.99-100): it goes
    # there, beside the Spanish fleet.
    moved = ask({"phase": "MAY1885M",
                 "units": units("TURKEY F ind", "ENGLAND F red", "ENGLAND F ara",
                                "SPAIN F hob"),
                 "orders": {"ENGLAND": ["F Red - Ind", "F Ara S F Red - Ind"]}})
    reply = ask({"phase": "MAY1885R", "units": moved["units"], "dislodged": moved["dislodged"],
                 "orders": {}})
    assert {"TURKEY F hob", "SPAIN F hob"} <= board(reply)


def _two_fleets_dislodged_beside_the_box() -> dict[str, Any]:
    # The South Atlantic's neighbours clockwise (clockwise.csv): mao als mor rdo hob.
    # Attacked from mao with support from als, its first right (als) is held and its first
    # left is the Box; the Indian Ocean's likewise (above): both fleets go to the Box.
    return ask({"phase": "MAY1885M",
                "units": units("TURKEY F ind", "ENGLAND F red", "ENGLAND F ara",
                               "SPAIN F sao", "FRANCE F mao", "FRANCE F als"),
                "orders": {"ENGLAND": ["F Red - Ind", "F Ara S F Red - Ind"],
                           "FRANCE": ["F Mao - Sao", "F Als S F Mao - Sao"]}})


def _retreat_beside_the_box(orders: dict[str, list[str]]) -> dict[str, Any]:
    moved = _two_fleets_dislodged_beside_the_box()
    return ask({"phase": "MAY1885R", "units": moved["units"], "dislodged": moved["dislodged"],
                "orders": orders})


def test_the_rule_sends_two_fleets_into_the_box_and_both_stand() -> None:
    # l.100-101: the Box holds any number of fleets and entry never fails, so two retreats
    # into it in one phase do not bounce.
    assert {"TURKEY F hob", "SPAIN F hob"} <= board(_retreat_beside_the_box({}))


def test_another_power_s_retreat_into_the_box_is_refused_and_the_rule_retreats() -> None:
    # Spain may not retreat Turkey's fleet: the order is refused as any order for another's
    # unit, and the rule, not Spain, sends the Turkish fleet (into the Box, first left).
    reply = _retreat_beside_the_box({"SPAIN": ["F ind - per"], "TURKEY": ["F sao - mor"]})
    refused = [r for r in reply["results"] if r["outcome"] == "illegal"]
    assert {r["power"] for r in refused} == {"SPAIN", "TURKEY"}
    assert {"TURKEY F hob", "SPAIN F hob"} <= board(reply)


def _no_order_from_tyrolia(right_hand: str | None) -> set[str]:
    """Italy takes Tyrolia from Venice with support from Munich, leaving Piedmont (first
    right, clockwise) and Croatia (first right, anticlockwise) both open; Austria gives no
    retreat."""
    options = {} if right_hand is None else {"right_hand": right_hand}
    variant = variant_instance("1885", options, 0)
    moved = move(variant, ["AUSTRIA A tyr", "ITALY A ven", "ITALY A mun"],
                 {"ITALY": ["A Ven - Tyr", "A Mun S A Ven - Tyr"]})
    out = retreat(variant, moved, {})
    return {u for u in standing(out) if u.startswith("AUSTRIA")}


def test_by_default_right_is_clockwise_facing_the_attack() -> None:
    # l.84: "first space to right of attack": facing Venice (south of it), Tyrolia's army
    # has Piedmont (west) on its right: clockwise.
    assert _no_order_from_tyrolia(None) == {"AUSTRIA A pie"}
    assert _no_order_from_tyrolia("clockwise") == {"AUSTRIA A pie"}


def test_the_option_right_hand_anticlockwise_turns_the_unit_s_back_to_the_attack() -> None:
    # With its back to Venice, the army's right hand is east: Croatia, anticlockwise.
    assert _no_order_from_tyrolia("anticlockwise") == {"AUSTRIA A cro"}

