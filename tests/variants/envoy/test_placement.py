"""The Winter 1913 placement turn (rule 4) through `judge adjudicate`, worked out by hand.

Diplomat neighbours from the table of docs/variants/envoy.md: Germany (`ger`) borders aus,
bal, bel, den, fra, hel, hol, rus; Belgium (`bel`) borders engl, fra and ger.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.variants.envoy.envoy_json import ask, board, control, units

TWO = {"players": ["FRANCE", "GERMANY"]}


def place(orders: dict[str, list[str]], state: dict[str, Any] | None = None,
          **request: Any) -> dict[str, Any]:
    return ask({"state": TWO if state is None else state, "orders": orders, **request})


def outcomes(reply: dict[str, Any], power: str) -> list[tuple[str, str, str | None]]:
    return [(r["order"], r["outcome"], r["reason"]) for r in reply["results"]
            if r["power"] == power]


def test_the_start_is_winter_1913_and_leads_to_spring_1914() -> None:
    reply = place({})
    assert (reply["phase"], reply["next_phase"]) == ("W1913P", "S1914M")
    # Nothing placed: each player's four diplomats stand in his home country space.
    assert board(reply, "D") == Counter({"FRANCE D fra": 4, "GERMANY D ger": 4})
    assert reply["state"]["players"] == ["FRANCE", "GERMANY"]


def test_one_unit_changes_type_in_its_province() -> None:
    reply = place({"GERMANY": ["Build A Kie"], "FRANCE": ["Build A Bre"]})
    assert board(reply)["GERMANY A kie"] == 1 and board(reply)["GERMANY F kie"] == 0
    assert board(reply)["FRANCE A bre"] == 1 and board(reply)["FRANCE F bre"] == 0
    assert outcomes(reply, "GERMANY") == [("Build A Kie", "succeeds", None)]


def test_a_second_change_is_refused_and_the_first_stands() -> None:
    reply = place({"FRANCE": ["Build F Mar", "Build A Bre"]})
    assert outcomes(reply, "FRANCE") == [
        ("Build F Mar", "succeeds", None),
        ("Build A Bre", "illegal", "only one unit of the set-up may change its type "
                                   "(Envoy 4)")]
    assert board(reply)["FRANCE F mar"] == 1 and board(reply)["FRANCE F bre"] == 1


def test_illegal_changes() -> None:
    reply = place({"FRANCE": ["Build F Par", "Build F Bre", "Build A Kie"]})
    assert [r[2] for r in outcomes(reply, "FRANCE")] == [
        "a fleet cannot stand in par (Envoy 4)",
        "write the other type: F bre can only become an army (Envoy 4)",
        "FRANCE has no unit in kie to change (Envoy 4)"]
    assert board(reply)["FRANCE A par"] == 1 and board(reply)["GERMANY F kie"] == 1


def test_no_russian_fleet_on_the_north_coast() -> None:
    state = {"players": ["RUSSIA", "TURKEY"]}
    army = units("RUSSIA A stp")
    refused = place({"RUSSIA": ["Build F StP/nc"]}, state, units=army)
    assert outcomes(refused, "RUSSIA") == [
        ("Build F StP/nc", "illegal",
         "Russia may not place a fleet in St. Petersburg north coast (Envoy 4)")]
    # Without a coast the fleet goes to the only coast rule 4 leaves: the south coast.
    done = place({"RUSSIA": ["Build F StP"]}, state, units=army)
    assert board(done)["RUSSIA F stp/sc"] == 1


def test_diplomats_go_home_or_one_diplomat_move_away() -> None:
    reply = place({"GERMANY": ["Build D Hol", "Place D Ger", "Build D Kie", "Build D Nwy",
                               "Build D Nth", "Build D Bal", "Build D Den"]})
    assert [r[1:] for r in outcomes(reply, "GERMANY")] == [
        ("illegal", "nwy is more than one diplomat move from ger: diplomats are placed "
                    "within the normal diplomat moves from the home country (Envoy 4)"),
        ("illegal", "nth is no diplomat space (Envoy 5.ii, 5.iii)"),
        ("illegal", "GERMANY has 4 diplomats to place, no more (Envoy 4)"),
        ("succeeds", None), ("succeeds", None), ("succeeds", None), ("succeeds", None)]
    # Kiel is Germany (5.ii): two in Germany, one in Holland, one in the Baltic.
    assert board(reply, "D") == Counter({"GERMANY D ger": 2, "GERMANY D hol": 1,
                                         "GERMANY D bal": 1, "FRANCE D fra": 4})


def test_a_clash_of_two_players_returns_one_of_each_home() -> None:
    reply = place({"FRANCE": ["Build D Bel", "Build D Bel"], "GERMANY": ["Build D Bel"]})
    # France 2 v Germany 1 in Belgium: one of each goes home, one French one stays.
    assert board(reply, "D") == Counter({"FRANCE D bel": 1, "FRANCE D fra": 3,
                                         "GERMANY D ger": 4})
    assert sorted(r[1] for r in outcomes(reply, "FRANCE")) == ["fails", "succeeds"]
    assert outcomes(reply, "GERMANY") == [
        ("Build D Bel", "fails",
         "returned to ger: FRANCE also sent diplomats to bel (Envoy 4)")]


def test_a_clash_of_equal_numbers_empties_the_space() -> None:
    reply = place({"FRANCE": ["Build D Bel"] * 2, "GERMANY": ["Build D Bel"] * 2})
    assert board(reply, "D") == Counter({"FRANCE D fra": 4, "GERMANY D ger": 4})


def test_a_clash_of_three_players_goes_by_rounds() -> None:
    state = {"players": ["ENGLAND", "FRANCE", "GERMANY"]}
    reply = place({"FRANCE": ["Build D Bel"] * 3, "GERMANY": ["Build D Bel"],
                   "ENGLAND": ["Build D Bel"] * 2}, state)
    # 3-1-2: one of each goes home (2-0-1), then one of France and one of England (1-0-0).
    assert board(reply, "D") == Counter({"FRANCE D bel": 1, "FRANCE D fra": 3,
                                         "GERMANY D ger": 4, "ENGLAND D engl": 4})


def test_diplomats_sent_to_a_players_home_country_go_back() -> None:
    reply = place({"GERMANY": ["Build D Fra", "Build D Fra"]})
    # France's four stand at home; each round sends a German home and the French stay.
    assert board(reply, "D") == Counter({"FRANCE D fra": 4, "GERMANY D ger": 4})


def test_a_neutral_country_places_nothing() -> None:
    reply = place({"ITALY": ["Build D Ita", "Build F Rom"]})
    assert [r[1:] for r in outcomes(reply, "ITALY")] == [
        ("illegal", "ITALY is not played: a neutral country places nothing (Envoy 4)")] * 2
    assert board(reply)["ITALY A rom"] == 1 and board(reply, "D")["ITALY D ita"] == 0


def test_without_players_in_the_state_the_powers_that_order_play() -> None:
    reply = place({"AUSTRIA": ["Build D Ita", "Build D Ita"], "TURKEY": ["Build A Ank"]},
                  state={})
    assert reply["state"]["players"] == ["AUSTRIA", "TURKEY"]
    assert board(reply, "D") == Counter({"AUSTRIA D ita": 2, "AUSTRIA D aus": 2,
                                         "TURKEY D tur": 4})
    assert board(reply)["TURKEY A ank"] == 1
    assert control(reply)["ITALY"] == ("major ally", "AUSTRIA")


def test_placement_decides_control() -> None:
    reply = place({"FRANCE": ["Build D Ita", "Build D Spa"],
                   "GERMANY": ["Build D Aus", "Build D Aus", "Build D Rus"]})
    assert control(reply) == {"AUSTRIA": ("major ally", "GERMANY"),
                              "ENGLAND": ("major neutral", None),
                              "ITALY": ("controlled neutral", "FRANCE"),
                              "RUSSIA": ("controlled neutral", "GERMANY"),
                              "TURKEY": ("major neutral", None)}
    assert reply["state"]["last"] == {"AUSTRIA": "GERMANY", "ITALY": "FRANCE",
                                      "RUSSIA": "GERMANY"}
