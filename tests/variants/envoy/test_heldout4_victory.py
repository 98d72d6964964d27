"""Held-out (rules18f item d): Envoy's victory posed on the exact turn. Rule 10: "the
first player to control a total of 18 supply centers, including the centers of any major
allies and his home capital city counting as double. Victory is determined only in the
adjustments season." A game counts as the Autumn ends (its board is the one the
adjustment season sees; no Winter follows a win). A request posing the adjustment season
itself with a winning count went on to the Spring with no winner."""

from __future__ import annotations

from tests.variants.envoy.envoy_json import ask, units
from tests.variants.envoy.test_victory import FRENCH, TWO


def test_a_winning_count_posed_in_the_adjustment_season_wins_there() -> None:
    # France: 17 centres with Paris, counted twice: 18 (two players).
    reply = ask({"phase": "W1914A", "units": units(), "centers": {"FRANCE": FRENCH[:17]},
                 "state": {"players": TWO}, "orders": {}})
    assert reply["winners"] == ["FRANCE"] and reply["next_phase"] is None


def test_one_short_in_the_adjustment_season_plays_on() -> None:
    reply = ask({"phase": "W1914A", "units": units(), "centers": {"FRANCE": FRENCH[:16]},
                 "state": {"players": TWO}, "orders": {}})
    assert "winners" not in reply and reply["next_phase"] == "S1915M"


def test_the_spring_still_wins_nothing() -> None:
    reply = ask({"phase": "S1915M", "units": units(), "centers": {"FRANCE": FRENCH[:17]},
                 "state": {"players": TWO}, "orders": {}})
    assert "winners" not in reply and reply["next_phase"] == "F1915M"

