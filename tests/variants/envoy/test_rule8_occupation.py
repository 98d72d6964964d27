"""Rule 8's "has invaded and is occupying" through `judge adjudicate`, worked out by hand
(issue #5). Reading: when an Autumn ends, each home centre a neutral held when the Autumn
began, occupied after that Autumn's movement by a unit a player ordered in it, is invaded
by him, whether the unit entered that Autumn or earlier.

Italy is the neutral: home centres Venice, Rome and Naples; Venice borders Tyrolia,
Piedmont, Trieste, Apulia, Rome and Tuscany. Austria's home centres are Trieste, Vienna
and Budapest. France and Germany play.
"""

from __future__ import annotations

from typing import Any

from tests.variants.envoy.envoy_json import ask, board, control, units

TWO = ["FRANCE", "GERMANY"]
THREE = ["ENGLAND", "FRANCE", "GERMANY"]
ITALY = ["ITALY A rom", "ITALY F nap"]
CENTRES = {"ITALY": ["nap", "rom", "ven"], "AUSTRIA": ["bud", "tri", "vie"]}


def turn(phase: str, board_units: list[str], orders: dict[str, list[str]],
         players: list[str] = TWO, centres: dict[str, list[str]] | None = None,
         **state: Any) -> dict[str, Any]:
    return ask({"phase": phase, "units": units(*board_units),
                "centers": CENTRES if centres is None else centres,
                "state": {"players": players, **state}, "orders": orders})


def then(reply: dict[str, Any], orders: dict[str, list[str]]) -> dict[str, Any]:
    return ask({"phase": reply["next_phase"], "units": reply["units"],
                "dislodged": reply["dislodged"], "centers": reply["centers"],
                "state": reply["state"], "orders": orders})


def test_entered_in_spring_and_held_through_the_autumn_is_an_invasion() -> None:
    spring = turn("S1914M", [*ITALY, "FRANCE D ita", "GERMANY A tyr"],
                  {"GERMANY": ["A Tyr-Ven"]})
    assert board(spring)["GERMANY A ven"] == 1
    assert spring["state"].get("barred", {}) == {}  # a Spring ends nothing (8: "Autumn")
    assert "ven" in spring["centers"]["ITALY"]
    autumn = then(spring, {"GERMANY": ["A Ven H"]})
    assert "ven" in autumn["centers"]["GERMANY"]
    assert autumn["state"]["barred"] == {"ITALY": ["GERMANY"]}
    # France's single diplomat in Italy now makes it France's Major Ally (8).
    assert control(autumn)["ITALY"] == ("major ally", "FRANCE")


def test_an_unordered_unit_standing_in_the_centre_invades_too() -> None:
    # Germany writes nothing for its army in Venice: it holds, ordered or not, and is
    # still Germany's unit occupying Italy's centre when the Autumn ends.
    reply = turn("F1914M", [*ITALY, "FRANCE D ita", "GERMANY A ven"], {})
    assert reply["state"]["barred"] == {"ITALY": ["GERMANY"]}
    assert control(reply)["ITALY"] == ("major ally", "FRANCE")


def test_a_centre_already_the_occupiers_is_no_invasion() -> None:
    # Venice became Germany's when an earlier Autumn ended: it no longer belongs to Italy.
    centres = {"ITALY": ["nap", "rom"], "GERMANY": ["ven"]}
    reply = turn("F1914M", [*ITALY, "FRANCE D ita", "GERMANY A ven"], {}, centres=centres)
    assert reply["state"].get("barred", {}) == {}
    assert control(reply)["ITALY"] == ("controlled neutral", "FRANCE")


def test_an_occupier_dislodged_in_the_autumn_is_no_invader() -> None:
    # France orders Italy's army from Rome into Venice with the support of its own army in
    # Piedmont (2 against 1): Germany's army is dislodged and retreats to Tyrolia.
    start = [*ITALY, "FRANCE D ita", "FRANCE A pie", "GERMANY A ven"]
    autumn = turn("F1914M", start, {"FRANCE": ["A Rom-Ven", "A Pie S A Rom-Ven"]})
    assert autumn["next_phase"] == "F1914R"
    retreats = then(autumn, {"GERMANY": ["A Ven-Tyr"]})
    assert board(retreats)["GERMANY A tyr"] == 1
    assert retreats["state"].get("barred", {}) == {}
    assert control(retreats)["ITALY"] == ("controlled neutral", "FRANCE")


def test_a_retreat_into_a_neutral_centre_invades_nothing() -> None:
    # As above, but Germany's army retreats into Trieste, an Austrian home centre Austria
    # holds: it occupies it when the Autumn ends, but was not there after the movement.
    start = [*ITALY, "FRANCE D ita", "FRANCE A pie", "GERMANY A ven", "GERMANY D aus"]
    autumn = turn("F1914M", start, {"FRANCE": ["A Rom-Ven", "A Pie S A Rom-Ven"]})
    retreats = then(autumn, {"GERMANY": ["A Ven-Tri"]})
    assert "tri" in retreats["centers"]["GERMANY"]
    assert retreats["state"].get("barred", {}) == {}
    assert control(retreats)["AUSTRIA"] == ("controlled neutral", "GERMANY")


def test_a_controlled_neutrals_unit_standing_in_another_neutrals_centre() -> None:
    # Austria is Germany's Controlled Neutral; its army has stood in Venice since before
    # this Autumn. Germany ordered it this Autumn, so Germany invades Italy.
    reply = turn("F1914M", [*ITALY, "FRANCE D ita", "GERMANY D aus", "AUSTRIA A ven"], {})
    assert "ven" in reply["centers"]["AUSTRIA"]
    assert reply["state"]["barred"] == {"ITALY": ["GERMANY"]}
    assert control(reply)["ITALY"] == ("major ally", "FRANCE")
    assert control(reply)["AUSTRIA"] == ("controlled neutral", "GERMANY")


def test_a_major_neutrals_unit_in_the_centre_invades_for_nobody() -> None:
    # Austria has never seen a diplomat: nobody ordered its army, so nobody invades Italy.
    reply = turn("F1914M", [*ITALY, "FRANCE D ita", "AUSTRIA A ven"], {})
    assert "ven" in reply["centers"]["AUSTRIA"]
    assert reply["state"].get("barred", {}) == {}
    assert control(reply)["ITALY"] == ("controlled neutral", "FRANCE")


def test_support_to_a_holding_occupier_forfeits_with_three_players() -> None:
    # France controls Italy with its diplomat and supports Germany's army holding Venice:
    # with three players both lose Italy (8, second paragraph), and England, who never
    # had a diplomat there, gains nothing: Italy falls into civil disorder.
    start = [*ITALY, "FRANCE D ita", "FRANCE A pie", "GERMANY A ven"]
    reply = turn("F1914M", start, {"FRANCE": ["A Pie S A Ven"]}, THREE)
    assert reply["state"]["barred"] == {"ITALY": ["FRANCE", "GERMANY"]}
    assert control(reply)["ITALY"] == ("major neutral", None)
    two = turn("F1914M", start, {"FRANCE": ["A Pie S A Ven"]}, TWO)
    assert two["state"]["barred"] == {"ITALY": ["GERMANY"]}
    assert control(two)["ITALY"] == ("major ally", "FRANCE")
