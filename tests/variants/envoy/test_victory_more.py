"""More of rules 3, 8 and 10 through `judge adjudicate`, worked out by hand (issue #5): a
Major Ally made by rule 8 with one diplomat counts for victory, victory waits for an
Autumn's retreats, and a Major Ally's capital takes one build only.

Two players, France and Germany: 18 wins, a player's own capital counting twice (3).
Italy's home centres are Venice, Rome (its capital) and Naples; Venice borders Tyrolia.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.variants.envoy.envoy_json import ask, board, control, units

TWO = ["FRANCE", "GERMANY"]
# Paris and fifteen more: 17 with the capital twice, one short of 18.
FRENCH = ["par", "mar", "bre", "spa", "por", "bel", "hol", "lon", "lvp", "edi", "nwy", "swe",
          "den", "kie", "mun", "tun"]
ITALY = ["nap", "rom", "ven"]


def turn(phase: str, centres: dict[str, list[str]], board_units: list[str],
         orders: dict[str, list[str]]) -> dict[str, Any]:
    return ask({"phase": phase, "units": units(*board_units), "centers": centres,
                "state": {"players": TWO}, "orders": orders})


def then(reply: dict[str, Any], orders: dict[str, list[str]]) -> dict[str, Any]:
    return ask({"phase": reply["next_phase"], "units": reply["units"],
                "dislodged": reply["dislodged"], "centers": reply["centers"],
                "state": reply["state"], "orders": orders})


@pytest.mark.parametrize(("french", "wins"), [(15, True), (14, False)])
def test_a_major_ally_made_by_rule_8_counts(french: int, wins: bool) -> None:
    # Germany takes Venice this Autumn: France's single diplomat makes Italy its Major Ally
    # (8), whose Rome and Naples count for France. Paris and 14 more (16) + 2 = 18 wins;
    # Paris and 13 more (15) + 2 = 17 does not.
    centres = {"FRANCE": FRENCH[:french], "ITALY": ITALY}
    reply = turn("F1914M", centres, ["FRANCE D ita", "GERMANY A tyr", "ITALY A rom"],
                 {"GERMANY": ["A Tyr-Ven"]})
    assert control(reply)["ITALY"] == ("major ally", "FRANCE")
    assert reply["centers"]["ITALY"] == ["nap", "rom"]
    assert reply.get("winners") == (["FRANCE"] if wins else None)


def test_without_the_invasion_the_controlled_neutral_does_not_count() -> None:
    centres = {"FRANCE": FRENCH[:15], "ITALY": ITALY}
    reply = turn("F1914M", centres, ["FRANCE D ita", "GERMANY A tyr", "ITALY A rom"], {})
    assert control(reply)["ITALY"] == ("controlled neutral", "FRANCE")
    assert "winners" not in reply and reply["next_phase"] == "W1914A"


@pytest.mark.parametrize(("retreat", "wins"), [("A Ber-Pru", True), ("A Ber-Kie", False)])
def test_victory_is_decided_after_the_autumns_retreats(retreat: str, wins: bool) -> None:
    # France (17) takes Berlin from Germany's dislodged army: 18, but only once the retreats
    # are over. Retreating to Prussia leaves France at 18; retreating into Kiel, French and
    # empty, takes it from France when the Autumn ends: 17 again.
    centres = {"FRANCE": FRENCH, "GERMANY": ["ber"]}
    autumn = turn("F1914M", centres, ["FRANCE A mun", "FRANCE A sil", "GERMANY A ber"],
                  {"FRANCE": ["A Mun-Ber", "A Sil S A Mun-Ber"]})
    assert board(autumn)["FRANCE A ber"] == 1
    assert autumn["next_phase"] == "F1914R" and "winners" not in autumn
    retreats = then(autumn, {"GERMANY": [retreat]})
    if wins:
        assert retreats["winners"] == ["FRANCE"] and retreats["next_phase"] is None
    else:
        assert "kie" in retreats["centers"]["GERMANY"]
        assert "winners" not in retreats and retreats["next_phase"] == "W1914A"


def test_a_major_allys_capital_takes_one_build() -> None:
    # Italy, France's Major Ally, holds four centres and no unit: four builds on three home
    # centres. Rome is not France's capital, so it takes one build (3); France's own Paris
    # takes two, the second a diplomat.
    centres = {"FRANCE": ["bre", "mar", "par"], "ITALY": [*ITALY, "tun"]}
    reply = turn("W1914A", centres, ["FRANCE 2D ita"],
                 {"FRANCE": ["Build A Rom", "Build F Rom", "Build A Ven", "Build F Nap",
                             "Build A Par", "Build D Par"]})
    outcome = {r["order"]: (r["power"], r["outcome"]) for r in reply["results"]}
    assert outcome == {"Build A Rom": ("ITALY", "succeeds"), "Build F Rom": ("ITALY", "fails"),
                       "Build A Ven": ("ITALY", "succeeds"),
                       "Build F Nap": ("ITALY", "succeeds"),
                       "Build A Par": ("FRANCE", "succeeds"),
                       "Build D Par": ("FRANCE", "succeeds")}
    (refused,) = [r["reason"] for r in reply["results"] if r["order"] == "Build F Rom"]
    assert refused.startswith("rom ") and refused.endswith("(Envoy 3)")
    assert board(reply) == {"ITALY A rom": 1, "ITALY A ven": 1, "ITALY F nap": 1,
                            "FRANCE A par": 1, "FRANCE D fra": 1, "FRANCE D ita": 2}
