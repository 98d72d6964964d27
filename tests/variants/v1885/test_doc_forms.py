"""The order forms docs/variants/1885-iii.md documents, through `judge adjudicate` on
1885-III's own map (issue #16, last gaps item 3)."""

from __future__ import annotations

from typing import Any

from tests.variants.v1885.adjudicate import ask, board, units


def _month(placed: list[str], orders: dict[str, list[str]]) -> dict[str, Any]:
    return ask({"phase": "APR1885M", "units": units(*placed), "orders": orders})


def _outcomes(reply: dict[str, Any]) -> dict[str, tuple[str, str | None]]:
    return {r["order"]: (r["outcome"], r["reason"]) for r in reply["results"]}


def test_the_rules_boarding_example_as_the_doc_writes_it() -> None:
    # l.46-47: "A(Lon) boards F(ENG), A/F(ENG)-MAO, A disembarks Por", written as the doc's
    # three lines: the army lands in Portugal from the Mid-Atlantic, the fleet stays there.
    reply = _month(["ENGLAND A lon", "ENGLAND F eng"],
                   {"ENGLAND": ["A Lon boards F Eng", "A/F Eng - Mao",
                                "A/F Eng disembarks Por"]})
    assert board(reply) == {"ENGLAND A por", "ENGLAND F mao"}


def test_a_landing_that_names_no_sea_is_refused_with_how_to_write_it() -> None:
    # The rules' own third line names no A/F: the reply says what to write instead (it used
    # to complain about an "H" the player never wrote).
    reply = _month(["ENGLAND A lon", "ENGLAND F eng"],
                   {"ENGLAND": ["A(Lon) boards F(ENG)", "A/F(ENG)-MAO", "A disembarks Por"]})
    outcome, reason = _outcomes(reply)["A disembarks Por"]
    assert outcome == "illegal"
    assert reason is not None and "A/F Eng disembarks Por" in reason
    assert board(reply) == {"ENGLAND AF mao"}


def test_on_this_map_the_ionian_lands_in_naples_not_tunis() -> None:
    # The doc's regular-board example `A/F Ion disembarks A Tun`: 1885-III's Ionian does not
    # touch Tunis (clockwise.csv), so it is refused there; Naples is next to it.
    refused = _month(["ITALY AF ion"], {"ITALY": ["A/F Ion disembarks A Tun"]})
    assert _outcomes(refused)["A/F Ion disembarks A Tun"][0] == "illegal"
    landed = _month(["ITALY AF ion"], {"ITALY": ["A/F(ION) disembarks A(Nap)", "F(ION)-EMS"]})
    assert board(landed) == {"ITALY A nap", "ITALY F eas"}
