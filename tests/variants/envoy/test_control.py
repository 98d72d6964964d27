"""Control of neutral countries (rules 6 and 7) through `judge adjudicate`, by hand.

Italy's home centres are Venice, Rome and Naples; its home provinces add Piedmont, Tuscany
and Apulia. Venice borders Tyrolia, Trieste, Piedmont, Tuscany, Apulia and the Adriatic;
Rome borders Tuscany, Apulia, Naples and the Tyrrhenian; Naples borders Rome, Apulia, the
Ionian and the Tyrrhenian. So a Controlled Italy holding all three moves within those.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.variants.envoy.envoy_json import ask, board, control, result, units

ITALY = ["ITALY A ven", "ITALY A rom", "ITALY F nap"]
CENTRES = {"ITALY": ["nap", "rom", "ven"]}
PLAYER_SETS = [["FRANCE", "GERMANY"], ["ENGLAND", "FRANCE", "GERMANY"],
               ["ENGLAND", "FRANCE", "GERMANY", "RUSSIA"]]


def move(board_units: list[str], orders: dict[str, list[str]], state: dict[str, Any],
         phase: str = "S1914M", centres: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return ask({"phase": phase, "units": units(*board_units), "state": state,
                "centers": CENTRES if centres is None else centres, "orders": orders})


def test_a_major_neutral_stands_in_civil_disorder() -> None:
    reply = move([*ITALY, "FRANCE D fra"], {"FRANCE": ["A Ven-Tyr"], "ITALY": ["A Rom-Tus"]},
                 {"players": ["FRANCE", "GERMANY"]})
    assert result(reply, "ven", "A")["reason"] == "A ven belongs to ITALY, not FRANCE"
    assert result(reply, "rom", "A")["reason"] == (
        "ITALY is a neutral country: its units are ordered by the player who controls it, "
        "if any (Envoy 6)")
    assert board(reply)["ITALY A ven"] == board(reply)["ITALY A rom"] == 1
    assert control(reply)["ITALY"] == ("major neutral", None)


def test_one_diplomat_makes_a_controlled_neutral_within_rule_7() -> None:
    reply = move(["ITALY A tyr", "ITALY A pie", "ITALY F nap", "FRANCE D ita",
                  "GERMANY A mun"],
                 {"FRANCE": ["A Tyr-Boh", "A Pie-Mar", "F Nap-Ion"],
                  "GERMANY": ["A Mun-Boh"]}, {"players": ["FRANCE", "GERMANY"]})
    # Bohemia is next to no Italian home centre or occupied home province: illegal.
    tyr = result(reply, "tyr", "A")
    assert (tyr["power"], tyr["outcome"]) == ("ITALY", "illegal")
    assert "not to boh (Envoy 7)" in tyr["reason"]
    # Marseilles is next to Piedmont, an Italian home province an Italian army stands in.
    assert result(reply, "pie", "A")["outcome"] == "succeeds"
    assert result(reply, "nap", "F") == {"power": "ITALY", "unit": {"type": "F", "loc": "nap"},
                                         "order": "F Nap-Ion", "outcome": "succeeds",
                                         "reason": None, "dislodged": False}
    assert board(reply)["GERMANY A boh"] == 1


def test_a_controlled_neutral_supports_where_it_may_not_move() -> None:
    reply = move(["ITALY A tyr", "FRANCE D ita", "GERMANY A mun", "AUSTRIA A boh"],
                 {"FRANCE": ["A Tyr S A Mun-Boh"], "GERMANY": ["A Mun-Boh"]},
                 {"players": ["FRANCE", "GERMANY"]})
    # Rule 7: the support counts, so Munich dislodges the Austrian army (2 v 1).
    assert result(reply, "tyr", "A")["outcome"] == "succeeds"
    assert board(reply)["GERMANY A boh"] == 1
    assert [d["loc"] for d in reply["dislodged"]] == ["boh"]


@pytest.mark.parametrize(("owners", "outcome"), [
    ({"ITALY": ["nap"], "AUSTRIA": ["rom", "ven"]}, "illegal"),
    ({"ITALY": ["nap", "ven"], "AUSTRIA": ["rom"]}, "succeeds")])
def test_only_home_centres_still_held_count(owners: dict[str, list[str]],
                                            outcome: str) -> None:
    # The Adriatic borders Venice, not Naples: reachable only while Italy holds Venice.
    reply = move(["ITALY F ion", "FRANCE D ita"], {"FRANCE": ["F Ion-Adr"]},
                 {"players": ["FRANCE", "GERMANY"]}, centres=owners)
    assert result(reply, "ion", "F")["outcome"] == outcome


def test_a_major_ally_moves_freely() -> None:
    reply = move([*ITALY[1:], "ITALY A tyr", "FRANCE 2D ita"], {"FRANCE": ["A Tyr-Boh"]},
                 {"players": ["FRANCE", "GERMANY"]})
    assert result(reply, "tyr", "A")["outcome"] == "succeeds"
    assert control(reply)["ITALY"] == ("major ally", "FRANCE")


def test_a_players_country_is_never_ordered_by_another() -> None:
    reply = move(["GERMANY A mun", "FRANCE 2D ger"], {"FRANCE": ["A Mun-Boh"]},
                 {"players": ["FRANCE", "GERMANY"]})
    assert result(reply, "mun", "A")["reason"] == "A mun belongs to GERMANY, not FRANCE"


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_neutral_to_controlled_to_ally_to_controlled(players: list[str]) -> None:
    start = [*ITALY, "FRANCE D fra", "GERMANY 2D aus", "GERMANY D alb"]
    state: dict[str, Any] = {"players": players}
    spring = move(start, {"FRANCE": ["D Fra-Ita"]}, state)
    assert control(spring)["ITALY"] == ("controlled neutral", "FRANCE")
    # Autumn: France still orders Italy while Germany's stack, supported from Albania,
    # eliminates the French diplomat (3 v 1): Italy becomes Germany's Major Ally.
    autumn = ask({"phase": spring["next_phase"], "units": spring["units"],
                  "state": spring["state"], "centers": spring["centers"],
                  "orders": {"FRANCE": ["A Ven-Pie"],
                             "GERMANY": ["D Aus-Ita", "D Alb S D Aus-Ita"]}})
    assert autumn["phase"] == "F1914M" and autumn["next_phase"] == "S1915M"
    assert result(autumn, "ven", "A")["power"] == "ITALY"
    assert board(autumn, "D") == {"GERMANY D ita": 2, "GERMANY D alb": 1}
    assert control(autumn)["ITALY"] == ("major ally", "GERMANY")
    # Germany's stack leaves: Germany last had diplomats there, so it still controls Italy.
    after = ask({"phase": "S1915M", "units": autumn["units"], "state": autumn["state"],
                 "centers": autumn["centers"],
                 "orders": {"GERMANY": ["D Ita-Tys", "A Rom-Tus"], "FRANCE": ["F Nap-Ion"]}})
    assert control(after)["ITALY"] == ("controlled neutral", "GERMANY")
    assert result(after, "rom", "A")["outcome"] == "succeeds"
    assert result(after, "nap", "F")["reason"] == "F nap belongs to ITALY, not FRANCE"


def test_units_outside_the_area_are_removed_after_autumn_only() -> None:
    state = {"players": ["FRANCE", "GERMANY"]}
    board_units = ["ITALY A boh", "ITALY A rom", "ITALY F nap", "FRANCE D ita"]
    spring = move(board_units, {}, state)
    assert board(spring)["ITALY A boh"] == 1
    # Found outside in the Spring (marked then), so removed after this year's Autumn.
    autumn = move(board_units, {}, spring["state"], phase="F1914M")
    assert board(autumn)["ITALY A boh"] == 0
    removed = [r for r in autumn["results"] if r["order"] == "A BOH D"]
    assert [(r["power"], r["outcome"]) for r in removed] == [("ITALY", "succeeds")]
    ally = move([*board_units, "FRANCE D ita"], {}, state, phase="F1914M")
    assert board(ally)["ITALY A boh"] == 1  # a Major Ally's units are never removed
