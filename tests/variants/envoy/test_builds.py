"""Rules 3 and 9 through `judge adjudicate`, worked out by hand: a player's own capital
supports two units and, but for Moscow, takes two builds, at most one of them an army or a
fleet; a build may be a diplomat, placed in the home country, never supplied, never removed.

France's home centres are Paris (its capital), Marseilles and Brest; Burgundy, Gascony and
Picardy are French home provinces that are not centres.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.variants.envoy.envoy_json import ask, board, result, units

TWO = ["FRANCE", "GERMANY"]
PLAYER_SETS = [TWO, ["ENGLAND", "FRANCE", "GERMANY"], ["ENGLAND", "FRANCE", "GERMANY", "RUSSIA"]]


def winter(board_units: list[str], centres: dict[str, list[str]], orders: dict[str, list[str]],
           players: list[str] = TWO, **state: Any) -> dict[str, Any]:
    return ask({"phase": "W1914A", "units": units(*board_units), "centers": centres,
                "state": {"players": players, **state}, "orders": orders})


def outcomes(reply: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(r["power"], r["order"], r["outcome"]) for r in reply["results"]]


def reasons(reply: dict[str, Any]) -> dict[str, str]:
    return {r["order"]: r["reason"] for r in reply["results"] if r["reason"]}


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_the_own_capital_supports_two_units(players: list[str]) -> None:
    # Paris, Marseilles, Brest and the capital's second count: four units, no removal
    # (in standard Diplomacy, three centres and four units owe one).
    four = ["FRANCE A bur", "FRANCE A gas", "FRANCE F mao", "FRANCE A pic"]
    reply = winter(four, {"FRANCE": ["bre", "mar", "par"]}, {}, players)
    assert reply["results"] == []
    assert board(reply) == {u: 1 for u in four}
    assert reply["next_phase"] == "S1915M"


def test_a_neutrals_capital_counts_once() -> None:
    # Italy (a Major Neutral) holds three centres with four units: civil disorder removes
    # the unit farthest from its centres: Apulia borders all three, the others stand on them.
    reply = winter(["ITALY A rom", "ITALY A ven", "ITALY F nap", "ITALY A apu"],
                   {"ITALY": ["nap", "rom", "ven"]}, {})
    assert outcomes(reply) == [("ITALY", "A APU D", "succeeds")]
    assert reasons(reply) == {"A APU D": "civil disorder"}


def test_a_captured_capital_counts_once() -> None:
    # Germany holds Berlin (its own capital: 2), Kiel, Munich and Paris: 5 for six units.
    # The removal it did not write goes by the 1971 rules (rule 1; DATC 4.D.8): the unit
    # farthest from a home supply centre. Paris is two moves from Munich (by Burgundy),
    # Burgundy and the Ruhr one: the army in Paris goes, though it stands on a centre.
    six = ["GERMANY A ber", "GERMANY A kie", "GERMANY A mun", "GERMANY A par",
           "GERMANY A bur", "GERMANY A ruh"]
    reply = winter(six, {"GERMANY": ["ber", "kie", "mun", "par"], "FRANCE": ["bre", "mar"]},
                   {})
    assert outcomes(reply) == [("GERMANY", "A PAR D", "succeeds")]


def test_a_capital_takes_two_builds_one_army_or_fleet_at_most() -> None:
    # Six to build (five centres and the capital) on four sites: Paris twice, Marseilles,
    # Brest. The second army in Paris is refused, the diplomat taken; Paris is then spent.
    reply = winter([], {"FRANCE": ["bre", "mar", "par", "por", "spa"]},
                   {"FRANCE": ["Build A Par", "Build A Par", "Build D Par", "Build D Par",
                               "Build F Bre", "Build A Mar", "Build D Fra"]})
    assert [o for _, o, outcome in outcomes(reply) if outcome == "succeeds"] == [
        "Build A Par", "Build D Par", "Build F Bre", "Build A Mar"]
    assert reasons(reply) == {
        "Build A Par": "par has its new unit: the second build in a capital must be a "
                       "diplomat (Envoy 3)",
        "Build D Par": "par has no build left this turn (Envoy 3)",
        "Build D Fra": "FRANCE has no vacant home centre left to build at"}
    assert board(reply) == {"FRANCE A par": 1, "FRANCE D fra": 1, "FRANCE F bre": 1,
                            "FRANCE A mar": 1}


def test_a_capital_takes_a_diplomat_then_an_army_or_two_diplomats() -> None:
    reply = winter([], {"FRANCE": ["bre", "mar", "par"]},
                   {"FRANCE": ["Build D Par", "Build A Par", "Build D Par"]})
    assert board(reply) == {"FRANCE D fra": 1, "FRANCE A par": 1}
    assert reasons(reply) == {"Build D Par": "par has no build left this turn (Envoy 3)"}
    two = winter([], {"FRANCE": ["bre", "mar", "par"]}, {"FRANCE": ["D Par B", "D Par B"]})
    assert board(two) == {"FRANCE D fra": 2}


def test_moscow_takes_one_build() -> None:
    # Russia: Moscow (capital: 2), Warsaw, Sevastopol, St Petersburg, Sweden: six builds, but
    # Moscow is a single site (3). `Build D Rus` then takes the first free centre by name.
    reply = winter([], {"RUSSIA": ["mos", "sev", "stp", "swe", "war"]},
                   {"RUSSIA": ["Build A Mos", "Build D Mos", "Build D Rus", "Build F Sev"]},
                   players=["FRANCE", "RUSSIA"])
    assert board(reply) == {"RUSSIA A mos": 1, "RUSSIA D rus": 1}
    assert reasons(reply) == {"Build D Mos": "mos has no build left this turn (Envoy 3)",
                              "Build F Sev": "sev has no build left this turn (Envoy 3)"}


@pytest.mark.parametrize("written", ["Build D Fra", "Build D France", "Build D Bur",
                                     "Build D Par", "D Mar B", "Place D Fra"])
def test_a_diplomat_is_placed_in_the_home_country(written: str) -> None:
    reply = winter(["FRANCE A bre"], {"FRANCE": ["bre", "mar", "par"]}, {"FRANCE": [written]})
    assert result(reply, "fra", "D")["outcome"] == "succeeds"
    assert board(reply) == {"FRANCE A bre": 1, "FRANCE D fra": 1}


@pytest.mark.parametrize(("written", "reason"), [
    ("Build D Ger", "a diplomat is built at a home centre of FRANCE, or write 'Build D fra' "
                    "(Envoy 9)"),
    ("Build D Bel", "a diplomat is built at a home centre of FRANCE, or write 'Build D fra' "
                    "(Envoy 9)"),
    ("Build D Bre", "bre is not vacant")])
def test_a_diplomat_needs_a_vacant_home_centre_of_ones_own(written: str, reason: str) -> None:
    reply = winter(["FRANCE A bre"], {"FRANCE": ["bre", "mar", "par"]}, {"FRANCE": [written]})
    assert reasons(reply) == {written: reason}
    assert board(reply, "D") == {}


def test_a_diplomat_needs_an_unused_build() -> None:
    # Three centres and the capital support the four units: nothing to build.
    four = ["FRANCE A bur", "FRANCE A gas", "FRANCE F mao", "FRANCE A pic"]
    reply = winter(four, {"FRANCE": ["bre", "mar", "par"]}, {"FRANCE": ["Build D Fra"]})
    assert reasons(reply) == {"Build D Fra": "FRANCE has no build to use"}
    # Two builds owed but every home centre occupied: no diplomat either (9).
    full = winter(["FRANCE A par", "FRANCE A mar", "FRANCE F bre"],
                  {"FRANCE": ["bre", "mar", "par", "spa"]}, {"FRANCE": ["Build D Fra"]})
    assert reasons(full) == {"Build D Fra": "FRANCE has no vacant home centre left to build at"}


def test_no_diplomat_is_built_beside_another_players() -> None:
    # A German diplomat stands in France: the French one would share its space.
    reply = winter(["GERMANY D fra"], {"FRANCE": ["bre", "mar", "par"]},
                   {"FRANCE": ["Build D Fra", "Build A Par"]})
    assert reasons(reply) == {"Build D Fra": "GERMANY has diplomats in fra: no diplomat can be "
                                             "built there until they leave (Envoy 9)"}
    assert board(reply) == {"GERMANY D fra": 1, "FRANCE A par": 1}


def test_diplomats_need_no_supply_and_are_never_removed() -> None:
    # Paris (2) and Marseilles: three units supported, four armies owe one removal; the two
    # diplomats neither count nor go. Burgundy and Gascony both border Paris and Marseilles;
    # civil disorder takes Burgundy, first by name.
    armies = ["FRANCE A par", "FRANCE A mar", "FRANCE A bur", "FRANCE A gas", "FRANCE 2D fra"]
    reply = winter(armies, {"FRANCE": ["mar", "par"]}, {"FRANCE": ["Remove D Fra"]})
    assert reasons(reply) == {
        "Remove D Fra": "diplomats are never removed: only a dislodgement ends one (Envoy 9)",
        "A BUR D": "civil disorder"}
    assert board(reply, "D") == {"FRANCE D fra": 2}
    assert board(reply)["FRANCE A bur"] == 0


def test_a_built_diplomat_moves_from_the_home_country_next_spring() -> None:
    built = winter([], {"FRANCE": ["bre", "mar", "par"]}, {"FRANCE": ["Build D Fra"]})
    spring = ask({"phase": built["next_phase"], "units": built["units"],
                  "centers": built["centers"], "state": built["state"],
                  "orders": {"FRANCE": ["D Fra-Bel"]}})
    assert spring["phase"] == "S1915M"
    assert board(spring, "D") == {"FRANCE D bel": 1}
