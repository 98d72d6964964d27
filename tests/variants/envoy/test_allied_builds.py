"""Adjustments of Major Allies and Controlled Neutrals (rules 6 and 7) through `judge
adjudicate`, worked out by hand. Italy's home centres are Venice (an army at the start),
Rome (an army; Italy's capital) and Naples (a fleet); Venice and Naples are coastal.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.variants.envoy.envoy_json import ask, board, units

PLAYER_SETS = [["FRANCE", "GERMANY"], ["ENGLAND", "FRANCE", "GERMANY"],
               ["ENGLAND", "FRANCE", "GERMANY", "RUSSIA"]]
ITALY = {"ITALY": ["nap", "rom", "ven"], "FRANCE": ["bre", "mar", "par"]}


def winter(board_units: list[str], orders: dict[str, list[str]], players: list[str],
           centres: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return ask({"phase": "W1914A", "units": units(*board_units),
                "centers": ITALY if centres is None else centres,
                "state": {"players": players}, "orders": orders})


def results(reply: dict[str, Any]) -> list[tuple[str, str, str, str | None]]:
    return [(r["power"], r["order"], r["outcome"], r["reason"]) for r in reply["results"]]


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_a_player_builds_for_his_major_ally_any_type(players: list[str]) -> None:
    # Italy has three centres and one fleet: two builds, written by France with its own.
    # A Major Ally is ordered "without limitations" (6): a fleet in Venice, where an army
    # started, is allowed; its capital takes one unit only (3: Rome is not France's).
    reply = winter(["ITALY F nap", "FRANCE A bre", "FRANCE 2D ita"],
                   {"FRANCE": ["Build F Ven", "Build A Par", "Build A Rom", "Build D Rom"]},
                   players)
    assert results(reply)[:3] == [
        ("FRANCE", "Build A Par", "succeeds", None),
        ("FRANCE", "Build D Rom", "fails", "a diplomat is built at a home centre of "
                                             "FRANCE, or write 'Build D fra' (Envoy 9)"),
        ("ITALY", "Build F Ven", "succeeds", None)]
    assert results(reply)[3] == ("ITALY", "Build A Rom", "succeeds", None)
    assert board(reply) == {"ITALY F nap": 1, "ITALY F ven": 1, "ITALY A rom": 1,
                            "FRANCE A bre": 1, "FRANCE A par": 1, "FRANCE D ita": 2}


def test_a_controlled_neutral_builds_the_type_that_started_there() -> None:
    reply = winter(["ITALY A rom", "FRANCE D ita"],
                   {"FRANCE": ["Build F Ven", "Build Ven", "Build Nap"]}, ["FRANCE", "GERMANY"])
    assert results(reply) == [
        ("ITALY", "Build F Ven", "fails", "ITALY is a Controlled Neutral: its build in ven is "
                                          "the army that started there (Envoy 7)"),
        ("ITALY", "Build Ven", "succeeds", None),
        ("ITALY", "Build Nap", "succeeds", None)]
    assert board(reply) == {"ITALY A rom": 1, "ITALY A ven": 1, "ITALY F nap": 1,
                            "FRANCE D ita": 1}


def test_units_removed_under_rule_7_are_rebuilt_by_the_controller() -> None:
    # Autumn: the Italian army in Bohemia, found outside Italy's area in the Spring, is
    # removed; Italy then has three centres for two units, and France, its controller,
    # rebuilds the army.
    state = {"players": ["FRANCE", "GERMANY"], "stranded": {"boh": ["ITALY", "S1914"]}}
    autumn = ask({"phase": "F1914M", "units": units("ITALY A boh", "ITALY A rom", "ITALY F nap",
                                                    "FRANCE D ita"),
                  "centers": ITALY, "state": state, "orders": {}})
    assert autumn["next_phase"] == "W1914A"
    assert board(autumn)["ITALY A boh"] == 0
    rebuilt = ask({"phase": "W1914A", "units": autumn["units"], "centers": autumn["centers"],
                   "state": autumn["state"], "orders": {"FRANCE": ["Build A Ven"]}})
    assert results(rebuilt) == [("ITALY", "Build A Ven", "succeeds", None)]
    assert board(rebuilt, "A") == {"ITALY A rom": 1, "ITALY A ven": 1}
    assert rebuilt["next_phase"] == "S1915M"


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_only_the_controller_orders_a_neutrals_adjustments(players: list[str]) -> None:
    reply = winter(["ITALY A rom", "FRANCE D ita"],
                   {"GERMANY": ["Build A Ven"], "ITALY": ["Build F Nap"]}, players)
    assert results(reply) == [
        ("GERMANY", "Build A Ven", "illegal",
         "ven is a home centre of ITALY, whose builds GERMANY does not order (Envoy 6)"),
        ("ITALY", "Build F Nap", "illegal", "ITALY is a neutral country: its adjustments are "
                                            "ordered by the player who controls it, if any "
                                            "(Envoy 6)")]
    assert board(reply, "A") == {"ITALY A rom": 1}


def test_the_controller_chooses_an_allys_removal() -> None:
    # Italy holds Rome and Naples (2) with three units: France removes the fleet, not the
    # army civil disorder would take; Germany may not touch Italy's units.
    reply = winter(["ITALY A rom", "ITALY F nap", "ITALY A ven", "FRANCE 2D ita"],
                   {"GERMANY": ["Remove A Ven"], "FRANCE": ["Remove F Nap"]},
                   ["FRANCE", "GERMANY"], centres={"ITALY": ["nap", "rom"]})
    assert results(reply) == [
        ("ITALY", "Remove F Nap", "succeeds", None),
        ("GERMANY", "Remove A Ven", "illegal", "A ven belongs to ITALY, not GERMANY")]
    assert board(reply) == {"ITALY A rom": 1, "ITALY A ven": 1, "FRANCE D ita": 2}


def test_a_major_neutral_is_in_civil_disorder() -> None:
    # Unvisited Italy: its builds go unused; its removal follows the civil disorder rule of
    # the 1971 rulebook (rule 1; DATC 4.D.8): the unit farthest from a home supply centre.
    # Venice is one still, though Italy lost it: both armies stand on one, so the tie goes
    # by the province's English name, Rome before Venice (the 2023 rule, measuring from
    # the owned Rome, would take Venice's army: tests/variants/envoy/test_heldout3_disorder.py).
    builds = winter(["ITALY A rom"], {}, ["FRANCE", "GERMANY"])
    assert builds["results"] == [] and board(builds) == {"ITALY A rom": 1}
    removal = winter(["ITALY A rom", "ITALY A ven"], {}, ["FRANCE", "GERMANY"],
                     centres={"ITALY": ["rom"]})
    assert results(removal) == [("ITALY", "A ROM D", "succeeds", "civil disorder")]
