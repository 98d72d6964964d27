"""Rule 7's removals through `judge adjudicate`, worked out by hand (issue #5): units of a
Controlled Neutral "illegally positioned ... are removed after all the retreats of the next
Autumn turn". Reading: a unit found outside its country's area when a season ends is marked
with that phase; it is removed after the retreats of the first Autumn after the one it was
found in (or of the same year's Autumn, if found in Spring), if still outside then.

Italy is the neutral: home centres Venice, Rome and Naples; its area is its held home
centres and home provinces its units stand in, with their neighbours. Tyrolia (no centre)
borders Venice and Piedmont but neither Rome nor Naples; Bohemia borders no Italian
province.
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.visibility import Viewer
from tests.variants.envoy.envoy_json import ask, board, control, units
from tests.variants.envoy.hidden import ENVOY, FRANCE, play

TWO = ["FRANCE", "GERMANY"]
CENTRES = {"ITALY": ["nap", "rom", "ven"], "FRANCE": ["bre", "mar", "par"],
           "GERMANY": ["ber", "kie", "mun"]}
# France controls Italy without a diplomat there (it was the last to have one, 6); Italy's
# army in Tyrolia is inside the area only through Venice.
STRANDABLE = ["ITALY A tyr", "ITALY F nap", "GERMANY A pie", "FRANCE A par", "FRANCE A bre",
              "FRANCE A mar", "FRANCE A gas", "GERMANY A ber", "GERMANY A kie",
              "GERMANY A mun"]


def turn(phase: str, board_units: list[str], orders: dict[str, list[str]],
         **state: Any) -> dict[str, Any]:
    return ask({"phase": phase, "units": units(*board_units), "centers": CENTRES,
                "state": {"players": TWO, **state}, "orders": orders})


def then(reply: dict[str, Any], orders: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return ask({"phase": reply["next_phase"], "units": reply["units"],
                "dislodged": reply["dislodged"], "centers": reply["centers"],
                "state": reply["state"], "orders": orders or {}})


def removals(reply: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(r["power"], r["order"], r["outcome"]) for r in reply["results"]
            if r["order"].endswith(" D")]


def venice_lost() -> dict[str, Any]:
    """Autumn 1914: Germany takes Venice. Rule 8 bars Germany from Italy, which stays
    France's Controlled Neutral; its area shrinks to Rome, Naples and their neighbours,
    leaving the army in Tyrolia outside."""
    autumn = turn("F1914M", STRANDABLE, {"GERMANY": ["A Pie-Ven"]}, last={"ITALY": "FRANCE"})
    assert "ven" in autumn["centers"]["GERMANY"]
    assert control(autumn)["ITALY"] == ("controlled neutral", "FRANCE")
    return autumn


def test_stranded_by_an_autumns_centre_loss_it_survives_until_the_next_autumn() -> None:
    autumn = venice_lost()
    assert board(autumn)["ITALY A tyr"] == 1 and removals(autumn) == []
    assert autumn["state"]["stranded"] == {"tyr": ["ITALY", "F1914"]}
    # Every count is even (Italy 2 for 2, Germany 4 for 4, France 4 for 4): no Winter.
    assert autumn["next_phase"] == "S1915M"
    spring = then(autumn)
    assert board(spring)["ITALY A tyr"] == 1
    assert spring["state"]["stranded"] == {"tyr": ["ITALY", "F1914"]}
    fall = then(spring)
    assert board(fall)["ITALY A tyr"] == 0
    assert removals(fall) == [("ITALY", "A TYR D", "succeeds")]
    assert "stranded" not in fall["state"]


def test_moved_back_inside_before_the_next_autumn_it_is_kept() -> None:
    spring = then(venice_lost(), {"GERMANY": ["A Ven-Pie"], "FRANCE": ["A Tyr-Ven"]})
    assert board(spring)["ITALY A ven"] == 1
    assert "stranded" not in spring["state"]
    fall = then(spring)
    assert board(fall)["ITALY A ven"] == 1 and removals(fall) == []
    assert "ven" in fall["centers"]["ITALY"]


def test_a_country_no_longer_a_controlled_neutral_loses_its_marks() -> None:
    # Spring 1915: France's two diplomats enter Italy, its Major Ally now (6): its units
    # have no area, and the Tyrolia army stays after the Autumn even as a Major Ally.
    autumn = venice_lost()
    start = {**autumn, "units": [*autumn["units"], *units("FRANCE 2D fra")]}
    spring = then(start, {"FRANCE": ["D Fra-Ita"]})
    assert control(spring)["ITALY"] == ("major ally", "FRANCE")
    assert "stranded" not in spring["state"]
    fall = then(spring)
    assert board(fall)["ITALY A tyr"] == 1 and removals(fall) == []


@pytest.mark.parametrize("retreats", [False, True])
def test_stranded_in_spring_it_goes_after_that_years_autumn(retreats: bool) -> None:
    # Italy, France's Controlled Neutral, has an army in Bohemia, outside its area: found
    # when Spring 1914 ends, removed after the retreats of Autumn 1914 (with a German
    # attack on Burgundy, the Autumn has a retreat turn first).
    start = ["ITALY A boh", "ITALY A rom", "ITALY F nap", "FRANCE D ita", "FRANCE A bur",
             "GERMANY A mun", "GERMANY A ruh"]
    spring = turn("S1914M", start, {})
    assert board(spring)["ITALY A boh"] == 1
    assert spring["state"]["stranded"] == {"boh": ["ITALY", "S1914"]}
    attack = {"GERMANY": ["A Mun-Bur", "A Ruh S A Mun-Bur"]} if retreats else {}
    autumn = then(spring, attack)
    if retreats:
        assert autumn["next_phase"] == "F1914R" and board(autumn)["ITALY A boh"] == 1
        autumn = then(autumn, {"FRANCE": ["A Bur-Pic"]})
        assert board(autumn)["FRANCE A pic"] == 1
    assert board(autumn)["ITALY A boh"] == 0
    assert removals(autumn) == [("ITALY", "A BOH D", "succeeds")]


@pytest.mark.parametrize("hidden", ["secret", "stab"])
def test_the_marks_are_not_shown_to_players(hidden: str) -> None:
    owners = {"nap": "ITALY", "rom": "ITALY", "ven": "ITALY"}
    spring = play("S1914M", ["ITALY A boh", "ITALY A rom", "FRANCE D ita"], {}, hidden,
                  owners=owners)
    assert spring.position.state["stranded"] == {"boh": ["ITALY", "S1914"]}
    assert "stranded" not in ENVOY.rules.visibility.board(spring.position, FRANCE).state
    master = ENVOY.rules.visibility.board(spring.position, Viewer.master())
    assert "stranded" in master.state
