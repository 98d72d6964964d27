"""Rule 10 through `judge adjudicate`, worked out by hand: 18 centres with two players, 15
with three, 12 with four (and, our choice, with five to seven), counting the player's own
capital twice and his Major Allies' centres, checked only when an Autumn ends.

The boards below have no armies or fleets, so no centre changes hands: the counts are the
`centers` given. Italy's centres are Venice, Rome (its capital) and Naples.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.variants.envoy.envoy_json import ask, units

# France's capital first, then other centres: FRENCH[:n] is n centres with Paris.
FRENCH = ["par", "mar", "bre", "spa", "por", "bel", "hol", "lon", "lvp", "edi", "nwy", "swe",
          "den", "kie", "mun", "tun", "smy", "ank"]
GERMAN = ["ber", "war", "mos", "stp", "sev", "rum", "bul", "gre", "ser", "bud", "vie", "tri",
          "con"]
ITALY = ["nap", "rom", "ven"]
TWO, THREE = ["FRANCE", "GERMANY"], ["ENGLAND", "FRANCE", "GERMANY"]
FOUR = ["ENGLAND", "FRANCE", "GERMANY", "RUSSIA"]
FIVE = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA"]


def autumn(centres: dict[str, list[str]], players: list[str], board_units: tuple[str, ...] = (),
           phase: str = "F1914M", orders: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return ask({"phase": phase, "units": units(*board_units), "centers": centres,
                "state": {"players": players}, "orders": orders or {}})


@pytest.mark.parametrize(("players", "needed"), [(TWO, 18), (THREE, 15), (FOUR, 12),
                                                 (FIVE, 12)])
def test_the_count_needed_falls_with_more_players(players: list[str], needed: int) -> None:
    # needed - 1 centres with Paris count `needed`: a win; one fewer is not.
    won = autumn({"FRANCE": FRENCH[:needed - 1]}, players)
    assert won["winners"] == ["FRANCE"] and won["next_phase"] is None
    short = autumn({"FRANCE": FRENCH[:needed - 2]}, players)
    assert "winners" not in short and short["next_phase"] == "W1914A"  # builds owed


def test_a_captured_capital_counts_once_even_for_victory() -> None:
    # Germany with Paris and sixteen other centres, not Berlin: 17, short of 18.
    others = [*GERMAN[1:], "mar", "bre", "spa", "por"]
    short = autumn({"GERMANY": ["par", *others]}, TWO)
    assert len(others) == 16 and "winners" not in short
    # With Berlin instead of Portugal: 17 centres, Berlin twice: 18.
    won = autumn({"GERMANY": ["par", "ber", *others[:-1]]}, TWO)
    assert won["winners"] == ["GERMANY"]


def test_a_major_allys_centres_count_its_capital_once() -> None:
    # France 14 with Paris (15) and its Major Ally Italy 3: 18, a win with two players.
    won = autumn({"FRANCE": FRENCH[:14], "ITALY": ITALY}, TWO, ("FRANCE 2D ita",))
    assert won["winners"] == ["FRANCE"]
    # 13 with Paris (14) and Italy 3: 17, since Rome is not France's capital.
    short = autumn({"FRANCE": FRENCH[:13], "ITALY": ITALY}, TWO, ("FRANCE 2D ita",))
    assert "winners" not in short


def test_a_controlled_neutrals_centres_do_not_count() -> None:
    reply = autumn({"FRANCE": FRENCH[:14], "ITALY": ITALY}, TWO, ("FRANCE D ita",))
    assert "winners" not in reply


def test_victory_waits_for_the_autumn() -> None:
    # In Spring France's stack enters Italy: 15 + 3 = 18, but only an Autumn's end counts.
    centres = {"FRANCE": FRENCH[:14], "ITALY": ITALY}
    spring = autumn(centres, TWO, ("FRANCE 2D tys",), phase="S1914M",
                    orders={"FRANCE": ["D Tys-Ita"]})
    assert "winners" not in spring and spring["next_phase"] == "F1914M"
    fall = ask({"phase": "F1914M", "units": spring["units"], "centers": spring["centers"],
                "state": spring["state"], "orders": {}})
    assert fall["winners"] == ["FRANCE"]


def test_of_two_players_at_the_count_the_larger_wins() -> None:
    # Three players: France 16 with Paris (17), Germany 14 with Berlin (15).
    reply = autumn({"FRANCE": FRENCH[:16], "GERMANY": GERMAN[:14]}, THREE)
    assert reply["winners"] == ["FRANCE"]


def test_two_players_level_at_the_count_play_on() -> None:
    # Three players: France 15 with Paris and Germany 13 with Berlin plus Italy as Germany's
    # Major Ally: 16 each.
    reply = autumn({"FRANCE": FRENCH[:15], "GERMANY": GERMAN[:12], "ITALY": ITALY}, THREE,
                   ("GERMANY 2D ita",))
    assert "winners" not in reply and reply["next_phase"] == "W1914A"
