"""Rule 8 through `judge adjudicate`, worked out by hand: an Autumn invasion of a neutral's
home centre ends the invader's influence there (and, with three or more players, that of
whoever gave him support or received it from him that Autumn); another player's single
diplomat there then makes the neutral his Major Ally. Tyrolia and Piedmont border Venice."""

from __future__ import annotations

from typing import Any

import pytest

from tests.variants.envoy.envoy_json import ask, board, control, result, units

ITALY = ["ITALY A rom", "ITALY F nap"]
CENTRES = {"ITALY": ["nap", "rom", "ven"]}


def turn(phase: str, board_units: list[str], orders: dict[str, list[str]],
         players: list[str], **state: Any) -> dict[str, Any]:
    return ask({"phase": phase, "units": units(*board_units), "centers": CENTRES,
                "state": {"players": players, **state}, "orders": orders})


def test_an_autumn_invasion_makes_the_other_players_diplomat_a_major_ally() -> None:
    reply = turn("F1914M", [*ITALY, "FRANCE D ita", "GERMANY A tyr"],
                 {"GERMANY": ["A Tyr-Ven"]}, ["FRANCE", "GERMANY"])
    assert board(reply)["GERMANY A ven"] == 1 and "ven" in reply["centers"]["GERMANY"]
    assert reply["state"]["barred"] == {"ITALY": ["GERMANY"]}
    assert control(reply)["ITALY"] == ("major ally", "FRANCE")
    assert reply["next_phase"] == "S1915M"


def test_a_spring_invasion_changes_nothing() -> None:
    reply = turn("S1914M", [*ITALY, "FRANCE D ita", "GERMANY A tyr"],
                 {"GERMANY": ["A Tyr-Ven"]}, ["FRANCE", "GERMANY"])
    assert reply["state"].get("barred", {}) == {}
    assert control(reply)["ITALY"] == ("controlled neutral", "FRANCE")


def test_the_controller_invading_loses_the_neutral() -> None:
    autumn = turn("F1914M", [*ITALY, "FRANCE D ita", "FRANCE A tyr"],
                  {"FRANCE": ["A Tyr-Ven"]}, ["FRANCE", "GERMANY"])
    # Its diplomat no longer counts and nobody else was there: civil disorder.
    assert control(autumn)["ITALY"] == ("major neutral", None)
    after = ask({"phase": "S1915M", "units": autumn["units"], "centers": autumn["centers"],
                 "state": autumn["state"], "orders": {"FRANCE": ["F Nap-Ion"]}})
    assert result(after, "nap", "F")["reason"] == "F nap belongs to ITALY, not FRANCE"
    assert control(after)["ITALY"] == ("major neutral", None)


def test_an_invader_that_was_bounced_is_no_invader() -> None:
    reply = turn("F1914M", [*ITALY, "FRANCE D ita", "GERMANY A tyr", "FRANCE A pie"],
                 {"GERMANY": ["A Tyr-Ven"], "FRANCE": ["A Pie-Ven"]}, ["FRANCE", "GERMANY"])
    assert board(reply)["GERMANY A tyr"] == 1
    assert control(reply)["ITALY"] == ("controlled neutral", "FRANCE")


@pytest.mark.parametrize(("players", "barred", "status"), [
    (["FRANCE", "GERMANY"], ["GERMANY"], ("major ally", "FRANCE")),
    (["ENGLAND", "FRANCE", "GERMANY"], ["FRANCE", "GERMANY"], ("major neutral", None)),
    (["ENGLAND", "FRANCE", "GERMANY", "RUSSIA"], ["FRANCE", "GERMANY"],
     ("major neutral", None))])
def test_support_given_to_the_invader(players: list[str], barred: list[str],
                                      status: tuple[str, str | None]) -> None:
    # France controls Italy and supports Germany into Venice: with two players rule 8's
    # second paragraph does not apply, with three or four France loses Italy too.
    reply = turn("F1914M", [*ITALY, "FRANCE D ita", "GERMANY A tyr", "FRANCE A pie"],
                 {"GERMANY": ["A Tyr-Ven"], "FRANCE": ["A Pie S A Tyr-Ven"]}, players)
    assert reply["state"]["barred"] == {"ITALY": barred}
    assert control(reply)["ITALY"] == status


def test_support_received_from_the_invader_with_four_players() -> None:
    # England last had a diplomat in Italy; Germany supports England's move to the Ruhr in
    # the Autumn it invades Venice: England loses Italy, which nobody else has visited.
    reply = turn("F1914M", [*ITALY, "GERMANY A tyr", "GERMANY A mun", "ENGLAND A bur"],
                 {"GERMANY": ["A Tyr-Ven", "A Mun S A Bur-Ruh"], "ENGLAND": ["A Bur-Ruh"]},
                 ["ENGLAND", "FRANCE", "GERMANY", "RUSSIA"], last={"ITALY": "ENGLAND"})
    assert reply["state"]["barred"] == {"ITALY": ["ENGLAND", "GERMANY"]}
    assert control(reply)["ITALY"] == ("major neutral", None)
    assert "ITALY" not in reply["state"]["last"]
