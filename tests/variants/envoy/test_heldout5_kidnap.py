"""Rule 1: "All the normal rules of Diplomacy (1971 rulebook) apply", so a convoy to an
adjacent province follows the 1971 rulebook ("Two pieces may exchange places if either or
both are convoyed") as DATC 4.A.3 a reads it, as Engineered does (rn45 C0): any power's
convoy is the army's route when the unit at its destination moves the opposite way, and
"it will not take the convoy if it is disrupted" (6.G.4). Expectations are the DATC's for
the 1971 rulebook."""

from __future__ import annotations

from typing import Any

from judge.engine.position import Position
from judge.engine.turn import adjudicate as adjudicate_turn
from judge.engine.types import Phase, Unit
from judge.game.instance import variant_instance
from judge.grammar.reader import Writer, reader_for
from judge.protocol import handle
from tests.variants.replies import dislodged, outcome

PLAYERS = ["ENGLAND", "RUSSIA"]


def adjudicate(units: list[tuple[str, str, str]], orders: dict[str, list[str]]) -> dict[str, Any]:
    board = [{"power": p, "type": t, "loc": loc} for p, t, loc in units]
    reply = handle({"variant": "envoy", "phase": "S1914M", "units": board,
                    "orders": orders, "state": {"players": PLAYERS}})
    assert "error" not in reply, reply
    return reply


def _at(reply: dict[str, Any]) -> set[str]:
    return {f"{u['power']} {u['type']} {u['loc']}" for u in reply["units"]}


def test_a_foreign_fleet_kidnaps_an_army() -> None:
    """DATC 6.G.2 with Germany's part played by Russia: "If the 1971 rulebook is used, then
    the army in Norway is kidnapped and swaps with the army in Sweden": Russia's fleet in the
    Skagerrak convoys England's army, which exchanges places with Russia's fleet (under the
    2000 rules the foreign convoy would be no route and the two would bounce)."""
    reply = adjudicate(
        [("ENGLAND", "A", "nwy"), ("RUSSIA", "F", "swe"), ("RUSSIA", "F", "ska")],
        {"ENGLAND": ["A Norway - Sweden"],
         "RUSSIA": ["F Sweden - Norway", "F Skagerrak Convoys A Norway - Sweden"]})
    assert outcome(reply, "A Norway - Sweden") == "succeeds"
    assert outcome(reply, "F Sweden - Norway") == "succeeds"
    assert _at(reply) == {"ENGLAND A swe", "RUSSIA F nwy", "RUSSIA F ska"}


def test_a_disrupted_kidnapping_leaves_the_land_route() -> None:
    """DATC 6.G.4, England's part played by Russia: "So, the move of the army in Picardy will
    succeed" by land, supported from Burgundy, dislodging the army moving back."""
    reply = adjudicate(
        [("ENGLAND", "F", "bre"), ("ENGLAND", "A", "pic"), ("ENGLAND", "A", "bur"),
         ("ENGLAND", "F", "mao"), ("RUSSIA", "F", "eng"), ("RUSSIA", "A", "bel")],
        {"ENGLAND": ["F Brest - English Channel", "A Picardy - Belgium",
                     "A Burgundy Supports A Picardy - Belgium",
                     "F Mid-Atlantic Ocean Supports F Brest - English Channel"],
         "RUSSIA": ["F English Channel Convoys A Picardy - Belgium", "A Belgium - Picardy"]})
    assert outcome(reply, "A Picardy - Belgium") == "succeeds"
    assert outcome(reply, "F English Channel Convoys A Picardy - Belgium") == "fails"
    assert dislodged(reply) == ["RUSSIA bel", "RUSSIA eng"]


def test_the_2000_rules_are_a_game_option() -> None:
    """adjacent_convoy=via_or_own_fleet at CREATE: a foreign convoy is no route (DATC 6.G.2's
    other result), the two meet head to head and neither moves."""
    units = (Unit("ENGLAND", "A", "nwy"), Unit("RUSSIA", "F", "swe"),
             Unit("GERMANY", "F", "ska"))
    lines = {"ENGLAND": ["A Norway - Sweden"], "RUSSIA": ["F Sweden - Norway"],
             "GERMANY": ["F Skagerrak Convoys A Norway - Sweden"]}
    for options, swapped in (({}, True), ({"adjacent_convoy": "via_or_own_fleet"}, False)):
        variant = variant_instance("envoy", options, 0)
        position = Position(Phase.parse("S1914M"), units, dict(variant.start.owners))
        reader = reader_for(variant)
        orders = {p: [reader.read(line, "M", Writer(p, {})) for line in ls]
                  for p, ls in lines.items()}
        turn = adjudicate_turn(variant.rules, position, orders)
        assert (Unit("ENGLAND", "A", "swe") in turn.position.units) is swapped, options
