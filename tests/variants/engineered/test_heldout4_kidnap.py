"""rn45 C0: "The 'Rules for Diplomacy' Copyright 1971 will apply", so a convoy to an
adjacent province follows the 1971 rulebook ("Two pieces may exchange places if either or
both are convoyed") as DATC 4.A.3 reads it: any power's convoy is the army's route when the
unit at its destination moves the opposite way. DATC 6.G.2: "If the 1971 rulebook is used,
then the army in Norway is kidnapped and swaps with the army in Sweden." Navies are N (B7)."""

from __future__ import annotations

from typing import Any

from judge.engine.position import Position
from judge.engine.turn import adjudicate as adjudicate_turn
from judge.engine.types import Phase, Unit
from judge.game.instance import variant_instance
from judge.grammar.reader import Writer, reader_for
from judge.protocol import handle
from tests.variants.replies import outcome

KIDNAP = [{"power": "ENGLAND", "type": "A", "loc": "nwy"},
          {"power": "RUSSIA", "type": "N", "loc": "swe"},
          {"power": "GERMANY", "type": "N", "loc": "ska"}]
ORDERS = {"ENGLAND": ["A Norway - Sweden"], "RUSSIA": ["N Sweden - Norway"],
          "GERMANY": ["N Skagerrak Convoys A Norway - Sweden"]}


def adjudicate(state: dict[str, Any], orders: dict[str, list[str]]) -> dict[str, Any]:
    reply = handle({"variant": "engineered", "phase": "S1901M", "units": KIDNAP,
                    "orders": orders, "state": state})
    assert "error" not in reply, reply
    return reply


def _at(reply: dict[str, Any]) -> set[str]:
    return {f"{u['type']} {u['loc']}" for u in reply["units"]}


def test_a_german_convoy_kidnaps_the_english_army_into_a_swap() -> None:
    reply = adjudicate({}, ORDERS)
    assert outcome(reply, "A Norway - Sweden") == "succeeds"
    assert outcome(reply, "N Sweden - Norway") == "succeeds"
    assert _at(reply) == {"A swe", "N nwy", "N ska"}


def test_without_a_move_back_the_army_goes_by_land() -> None:
    """DATC 4.A.3 (1971): the convoy route only when the unit there moves the opposite way;
    Russia's navy holding, the English army bounces off it by land (1 against 1)."""
    reply = adjudicate({}, {**ORDERS, "RUSSIA": ["N Sweden Holds"]})
    assert outcome(reply, "A Norway - Sweden") == "fails"
    assert _at(reply) == {"A nwy", "N swe", "N ska"}


def test_the_2000_rules_are_a_game_option() -> None:
    """adjacent_convoy=via_or_own_fleet at CREATE (a game's rule choices): a foreign convoy
    is no route, the two meet head to head and neither moves (DATC 6.G.2's other result)."""
    for options, swapped in (({}, True), ({"adjacent_convoy": "via_or_own_fleet"}, False)):
        variant = variant_instance("engineered", options, 0)
        units = tuple(Unit(u["power"], u["type"], u["loc"]) for u in KIDNAP)
        position = Position(Phase.parse("S1901M"), units, dict(variant.start.owners))
        reader = reader_for(variant)
        orders = {p: [reader.read(line, "M", Writer(p, {})) for line in lines]
                  for p, lines in ORDERS.items()}
        turn = adjudicate_turn(variant.rules, position, orders)
        assert (Unit("ENGLAND", "A", "swe") in turn.position.units) is swapped, options
