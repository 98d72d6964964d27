"""Control transitions of a neutral country (rules 6-8) with two, three and four players,
through `judge adjudicate`, worked out by hand from the rules (issue #5).

Italy is the neutral throughout: its country space is `ita`, its home centres Venice, Rome
and Naples (Venice borders Tyrolia and Piedmont), its home provinces add Piedmont, Tuscany
and Apulia. Austria and Albania border Italy for diplomats (5.iii: both touch the
Adriatic, which diplomats ignore). France and Germany play in every game; England joins
in the three-player game, England and Russia in the four-player one. `OTHER` is the player
who is neither the invader (Germany) nor France: France itself with two players.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.variants.envoy.envoy_json import ask, board, control, result, units

TWO = ["FRANCE", "GERMANY"]
THREE = ["ENGLAND", "FRANCE", "GERMANY"]
FOUR = ["ENGLAND", "FRANCE", "GERMANY", "RUSSIA"]
PLAYER_SETS = [TWO, THREE, FOUR]
OTHER = [(TWO, "FRANCE"), (THREE, "ENGLAND"), (FOUR, "RUSSIA")]
ITALY = ["ITALY A rom", "ITALY F nap"]
CENTRES = {"ITALY": ["nap", "rom", "ven"], "FRANCE": ["bre", "mar", "par"],
           "GERMANY": ["ber", "kie", "mun"]}


def turn(phase: str, board_units: list[str], orders: dict[str, list[str]],
         players: list[str], **state: Any) -> dict[str, Any]:
    return ask({"phase": phase, "units": units(*board_units), "centers": CENTRES,
                "state": {"players": players, **state}, "orders": orders})


def then(reply: dict[str, Any], orders: dict[str, list[str]]) -> dict[str, Any]:
    """The phase after `reply`, from the board, dislodged units, centres and state it
    left."""
    return ask({"phase": reply["next_phase"], "units": reply["units"],
                "dislodged": reply["dislodged"], "centers": reply["centers"],
                "state": reply["state"], "orders": orders})


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_a_major_neutral_stays_in_civil_disorder(players: list[str]) -> None:
    # Rule 6: never visited, nobody orders it, whoever writes.
    reply = turn("S1914M", [*ITALY, "FRANCE D fra"],
                 {"FRANCE": ["A Rom-Tus"], "GERMANY": ["F Nap-Ion"]}, players)
    assert result(reply, "rom", "A")["reason"] == "A rom belongs to ITALY, not FRANCE"
    assert result(reply, "nap", "F")["reason"] == "F nap belongs to ITALY, not GERMANY"
    assert control(reply)["ITALY"] == ("major neutral", None)


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_a_stack_of_two_makes_a_major_neutral_a_major_ally_at_once(
        players: list[str]) -> None:
    spring = turn("S1914M", [*ITALY, "ITALY A tyr", "FRANCE 2D fra"],
                  {"FRANCE": ["D Fra-Ita"]}, players)
    assert board(spring, "D") == {"FRANCE D ita": 2}
    assert control(spring)["ITALY"] == ("major ally", "FRANCE")
    # A Major Ally moves "without limitations" (6): Bohemia borders no Italian home
    # province, out of reach for a Controlled Neutral (7).
    autumn = then(spring, {"FRANCE": ["A Tyr-Boh"]})
    assert result(autumn, "tyr", "A")["outcome"] == "succeeds"
    assert board(autumn)["ITALY A boh"] == 1


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_a_controlled_neutral_passes_to_the_player_who_dislodges_its_diplomat(
        players: list[str]) -> None:
    # Germany's diplomat, supported from Albania, beats France's single one (2 v 1): it is
    # eliminated (5.iv) and Germany's single diplomat now controls Italy (6).
    start = [*ITALY, "FRANCE D ita", "GERMANY D aus", "GERMANY D alb"]
    spring = turn("S1914M", start, {"GERMANY": ["D Aus-Ita", "D Alb S D Aus-Ita"],
                                    "FRANCE": ["A Rom-Tus"]}, players, last={"ITALY": "FRANCE"})
    # Control is decided at the start of the phase: France still ordered Rome's army.
    assert result(spring, "rom", "A")["outcome"] == "succeeds"
    assert board(spring, "D") == {"GERMANY D ita": 1, "GERMANY D alb": 1}
    assert control(spring)["ITALY"] == ("controlled neutral", "GERMANY")
    autumn = then(spring, {"FRANCE": ["F Nap-Ion"], "GERMANY": ["A Tus-Pie"]})
    assert result(autumn, "nap", "F")["reason"] == "F nap belongs to ITALY, not FRANCE"
    assert board(autumn)["ITALY A pie"] == 1


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_a_major_ally_whose_stack_is_dislodged_by_one_becomes_a_controlled_neutral(
        players: list[str]) -> None:
    # One diplomat supported by a stack of two (1 + 2) beats France's stack of two holding
    # (2): both French diplomats are eliminated, and one German diplomat stands in Italy.
    start = [*ITALY, "FRANCE 2D ita", "GERMANY D aus", "GERMANY 2D alb"]
    reply = turn("F1914M", start, {"GERMANY": ["D Aus-Ita", "D Alb S D Aus-Ita"]}, players,
                 last={"ITALY": "FRANCE"})
    assert board(reply, "D") == {"GERMANY D ita": 1, "GERMANY D alb": 2}
    assert control(reply)["ITALY"] == ("controlled neutral", "GERMANY")


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_a_major_ally_whose_stack_is_dislodged_by_a_stack_changes_sides(
        players: list[str]) -> None:
    # A stack of two supported from Albania (3) beats France's stack of two (2).
    start = [*ITALY, "FRANCE 2D ita", "GERMANY 2D aus", "GERMANY D alb"]
    reply = turn("S1914M", start, {"GERMANY": ["D Aus-Ita", "D Alb S D Aus-Ita"]}, players,
                 last={"ITALY": "FRANCE"})
    assert board(reply, "D") == {"GERMANY D ita": 2, "GERMANY D alb": 1}
    assert control(reply)["ITALY"] == ("major ally", "GERMANY")


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_a_controlled_neutral_stays_with_the_player_who_left_last(
        players: list[str]) -> None:
    # France's single diplomat leaves for the Tyrrhenian: France last had one there (6).
    spring = turn("S1914M", [*ITALY, "FRANCE D ita"], {"FRANCE": ["D Ita-Tys"]}, players,
                  last={"ITALY": "FRANCE"})
    assert board(spring, "D") == {"FRANCE D tys": 1}
    assert control(spring)["ITALY"] == ("controlled neutral", "FRANCE")
    autumn = then(spring, {"FRANCE": ["A Rom-Tus"]})
    assert result(autumn, "rom", "A")["outcome"] == "succeeds"


@pytest.mark.parametrize(("players", "other"), OTHER)
def test_an_autumn_invasion_makes_the_other_players_diplomat_a_major_ally_while_it_stays(
        players: list[str], other: str) -> None:
    # Rule 8: Germany takes Venice in the Autumn; the other player's single diplomat in
    # Italy, till then his Controlled Neutral, makes Italy his Major Ally.
    autumn = turn("F1914M", [*ITALY, f"{other} D ita", "GERMANY A tyr"],
                  {"GERMANY": ["A Tyr-Ven"]}, players, last={"ITALY": other})
    assert board(autumn)["GERMANY A ven"] == 1
    assert autumn["state"]["barred"] == {"ITALY": ["GERMANY"]}
    assert control(autumn)["ITALY"] == ("major ally", other)
    spring = then(then(autumn, {}), {other: ["D Ita-Tys"]})
    assert spring["phase"] == "S1915M"
    # Rule 8's ally lasts while his diplomat stays (docs): he last had one there.
    assert control(spring)["ITALY"] == ("controlled neutral", other)


@pytest.mark.parametrize(("players", "other"), OTHER)
def test_the_invaders_diplomats_never_count_again(players: list[str], other: str) -> None:
    autumn = turn("F1914M", [*ITALY, f"{other} D ita", "GERMANY A tyr", "GERMANY D aus"],
                  {"GERMANY": ["A Tyr-Ven"]}, players, last={"ITALY": other})
    assert control(autumn)["ITALY"] == ("major ally", other)
    winter = then(autumn, {})
    # Next Spring the other's diplomat leaves as Germany's enters: Germany's does not count
    # ("ceases to be affected in any way", 8), so the other last had a diplomat there.
    spring = then(winter, {other: ["D Ita-Tys"], "GERMANY": ["D Aus-Ita"]})
    assert board(spring, "D") == {"GERMANY D ita": 1, f"{other} D tys": 1}
    assert control(spring)["ITALY"] == ("controlled neutral", other)
    autumn2 = then(spring, {"GERMANY": ["F Nap-Ion"], other: ["A Rom-Tus"]})
    assert result(autumn2, "nap", "F")["reason"] == "F nap belongs to ITALY, not GERMANY"
    assert result(autumn2, "rom", "A")["outcome"] == "succeeds"


@pytest.mark.parametrize(("players", "other"), OTHER)
def test_an_invasion_by_the_invaders_major_ally_counts_as_his(
        players: list[str], other: str) -> None:
    # Austria is Germany's Major Ally (two diplomats): its army taking Venice in the Autumn
    # is Germany's invasion (8: "a player has invaded").
    start = [*ITALY, f"{other} D ita", "GERMANY 2D aus", "AUSTRIA A tri"]
    reply = turn("F1914M", start, {"GERMANY": ["A Tri-Ven"]}, players, last={"ITALY": other})
    assert board(reply)["AUSTRIA A ven"] == 1
    assert reply["state"]["barred"] == {"ITALY": ["GERMANY"]}
    assert control(reply)["ITALY"] == ("major ally", other)


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_a_spring_invasion_bars_nobody(players: list[str]) -> None:
    reply = turn("S1914M", [*ITALY, "FRANCE D ita", "GERMANY A tyr"],
                 {"GERMANY": ["A Tyr-Ven"]}, players, last={"ITALY": "FRANCE"})
    assert board(reply)["GERMANY A ven"] == 1
    assert reply["state"].get("barred", {}) == {}
    assert control(reply)["ITALY"] == ("controlled neutral", "FRANCE")


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_the_controller_invading_leaves_a_major_neutral(players: list[str]) -> None:
    # France controls Italy and takes Venice in the Autumn: its diplomat no longer counts
    # and no other player's stands there: civil disorder (docs' reading of 6 and 8).
    autumn = turn("F1914M", [*ITALY, "FRANCE D ita", "FRANCE A pie"],
                  {"FRANCE": ["A Pie-Ven"]}, players, last={"ITALY": "FRANCE"})
    assert autumn["state"]["barred"] == {"ITALY": ["FRANCE"]}
    assert control(autumn)["ITALY"] == ("major neutral", None)


@pytest.mark.parametrize(("players", "barred", "status"), [
    (TWO, ["GERMANY"], ("major ally", "FRANCE")),
    (THREE, ["FRANCE", "GERMANY"], ("major neutral", None)),
    (FOUR, ["FRANCE", "GERMANY"], ("major neutral", None))])
def test_support_received_from_the_invader(players: list[str], barred: list[str],
                                           status: tuple[str, str | None]) -> None:
    # Germany takes Venice in the Autumn and supports France's army into the Ruhr. With two
    # players only the first paragraph of rule 8 applies: France's single diplomat makes
    # Italy France's Major Ally. With three or four, France received support from the
    # invader and loses Italy too; nobody else's diplomat is there: civil disorder.
    start = [*ITALY, "FRANCE D ita", "GERMANY A tyr", "GERMANY A mun", "FRANCE A bur"]
    reply = turn("F1914M", start, {"GERMANY": ["A Tyr-Ven", "A Mun S A Bur-Ruh"],
                                   "FRANCE": ["A Bur-Ruh"]}, players, last={"ITALY": "FRANCE"})
    assert board(reply)["FRANCE A ruh"] == 1
    assert reply["state"]["barred"] == {"ITALY": barred}
    assert control(reply)["ITALY"] == status


@pytest.mark.parametrize(("players", "barred", "status"), [
    (TWO, ["GERMANY"], ("major ally", "FRANCE")),
    (THREE, ["FRANCE", "GERMANY"], ("major neutral", None)),
    (FOUR, ["FRANCE", "GERMANY"], ("major neutral", None))])
def test_a_diplomats_support_to_the_invaders_diplomat(
        players: list[str], barred: list[str], status: tuple[str, str | None]) -> None:
    # Rule 8 names the supporter's "units or diplomats": France's diplomat in Albania
    # supports Germany's from Austria into Serbia the Autumn Germany takes Venice.
    start = [*ITALY, "FRANCE D ita", "FRANCE D alb", "GERMANY D aus", "GERMANY A tyr"]
    reply = turn("F1914M", start, {"GERMANY": ["A Tyr-Ven", "D Aus-Ser"],
                                   "FRANCE": ["D Alb S D Aus-Ser"]}, players,
                 last={"ITALY": "FRANCE"})
    assert board(reply, "D")["GERMANY D ser"] == 1
    assert reply["state"]["barred"] == {"ITALY": barred}
    assert control(reply)["ITALY"] == status


@pytest.mark.parametrize("players", PLAYER_SETS)
def test_rule_7_removals_wait_for_the_autumns_retreats_then_the_controller_rebuilds(
        players: list[str]) -> None:
    # Italy is France's Controlled Neutral; its army in Bohemia stands outside rule 7's
    # area from the Spring on, so the next Autumn is this year's. Germany dislodges France's
    # army in Burgundy that Autumn, so it has retreats: the removal comes "after all the
    # retreats" (7).
    start = ["ITALY A boh", *ITALY, "FRANCE D ita", "FRANCE A bur", "GERMANY A mun",
             "GERMANY A ruh"]
    spring = turn("S1914M", start, {}, players, last={"ITALY": "FRANCE"})
    assert board(spring)["ITALY A boh"] == 1
    autumn = then(spring, {"GERMANY": ["A Mun-Bur", "A Ruh S A Mun-Bur"]})
    assert autumn["next_phase"] == "F1914R"
    assert board(autumn)["ITALY A boh"] == 1
    retreats = then(autumn, {"FRANCE": ["A Bur-Pic"]})
    assert board(retreats)["FRANCE A pic"] == 1
    assert board(retreats)["ITALY A boh"] == 0
    # Winter: Italy holds three centres with two units; France, its controller, rebuilds
    # the army that started in Venice (7).
    assert retreats["next_phase"] == "W1914A"
    winter = then(retreats, {"FRANCE": ["Build Ven"]})
    assert board(winter, "A")["ITALY A ven"] == 1
