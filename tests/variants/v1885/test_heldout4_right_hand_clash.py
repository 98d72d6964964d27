"""Just's Right-Hand Rule sending two units to one space (Retreats and Removals a,
l.83-87): "Retreats are made by Just's Right-Hand Rule if a player fails to submit a Retreat
order ... A unit will only be disbanded if no retreat is possible." A space another unit
retreats into is no possible retreat, so the rule takes the next one; neither unit is lost.

Tyrolia's neighbours clockwise: Bohemia, Vienna, Croatia, Venice, Piedmont, Switzerland,
Munich; Vienna's: Galicia, Budapest, Croatia, Tyrolia, Bohemia. Italy takes Tyrolia from
Venice (Piedmont supporting), Russia Vienna from Budapest (Galicia supporting). The rule's
order for Tyrolia: Piedmont (held), Croatia, Switzerland, Vienna (taken), Munich, Bohemia;
for Vienna: Croatia, Galicia (held), Tyrolia (taken), Bohemia. Both would go to Croatia.
Expected: Vienna's army, with the fewer open spaces (Croatia, Bohemia), takes Croatia;
Tyrolia's takes its next, Switzerland."""

from __future__ import annotations

from typing import Any

from tests.variants.v1885.adjudicate import ask, board, units

ATTACKS = {"ITALY": ["A ven - tyr", "A pie S A ven - tyr"],
           "RUSSIA": ["A bud - vie", "A gal S A bud - vie"]}


def _retreat(orders: dict[str, list[str]], state: dict[str, Any] | None = None
             ) -> dict[str, Any]:
    extra = {"state": state} if state else {}
    moved = ask({"phase": "MAY1885M", **extra,
                 "units": units("AUSTRIA A tyr", "AUSTRIA A vie", "ITALY A ven",
                                "ITALY A pie", "RUSSIA A bud", "RUSSIA A gal"),
                 "orders": ATTACKS})
    assert sorted(d["loc"] for d in moved["dislodged"]) == ["tyr", "vie"], moved
    return ask({"phase": "MAY1885R", **extra, "units": moved["units"],
                "dislodged": moved["dislodged"], "orders": orders})


def _austrian(reply: dict[str, Any]) -> set[str]:
    return {u for u in board(reply) if u.startswith("AUSTRIA")}


def test_the_rule_sends_no_two_units_to_one_space() -> None:
    assert _austrian(_retreat({})) == {"AUSTRIA A cro", "AUSTRIA A swi"}


def test_the_rule_keeps_out_of_a_space_a_player_retreats_to() -> None:
    """Austria orders Tyrolia to Croatia: Vienna's rule skips it for Bohemia."""
    reply = _retreat({"AUSTRIA": ["A tyr - cro"]})
    assert _austrian(reply) == {"AUSTRIA A cro", "AUSTRIA A boh"}


def test_two_ordered_retreats_to_one_space_still_both_disband() -> None:
    """The players' own orders: the regular rule (the text changes only the rule's)."""
    reply = _retreat({"AUSTRIA": ["A tyr - cro", "A vie - cro"]})
    assert _austrian(reply) == set()


def test_the_option_both_disband_lets_the_rule_clash() -> None:
    reply = _retreat({}, {"right_hand_clash": "both_disband"})
    assert _austrian(reply) == set()
