"""`judge adjudicate` (docs/adjudicate.md) with `"variant": "1885"`: A/F units, several
fleets in the High Ocean Box, and the rules' Exception as JSON."""

from __future__ import annotations

from typing import Any

import pytest

from judge.protocol import RequestError, handle


def _unit(power: str, kind: str, loc: str) -> dict[str, str]:
    return {"power": power, "type": kind, "loc": loc}


def _board(reply: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(u["power"], u["type"], u["loc"]) for u in reply["units"]}


def test_af_units_and_box_fleets_are_taken() -> None:
    reply = handle({"variant": "1885", "phase": "JAN1885M", "units": [
        _unit("SPAIN", "F", "hob"), _unit("TURKEY", "F", "hob"), _unit("TURKEY", "AF", "hob")],
        "orders": {"SPAIN": ["F Hob - Sao"],
                   "TURKEY": ["A/F Hob - Red", "A/F Hob disembarks Egy",
                              "F Hob S A/F Hob - Red"]}})
    assert "error" not in reply, reply
    assert _board(reply) == {("SPAIN", "F", "sao"), ("TURKEY", "F", "hob"),
                             ("TURKEY", "F", "red"), ("TURKEY", "A", "egy")}


def test_two_units_elsewhere_are_still_refused() -> None:
    with pytest.raises(RequestError, match="two units in mao"):
        handle({"variant": "1885", "phase": "JAN1885M",
                "units": [_unit("SPAIN", "F", "mao"), _unit("TURKEY", "AF", "mao")]})


def test_an_army_is_no_box_unit() -> None:
    with pytest.raises(RequestError, match="cannot stand"):
        handle({"variant": "1885", "phase": "JAN1885M",
                "units": [_unit("SPAIN", "F", "hob"), _unit("SPAIN", "A", "hob")]})


def test_the_exception_as_json() -> None:
    # l.60-71, with the support of the landing void once the landing fails.
    reply = handle({"variant": "1885", "phase": "JAN1885M", "units": [
        _unit("ENGLAND", "AF", "nth"), _unit("ENGLAND", "F", "mao"), _unit("FRANCE", "F", "eng")],
        "orders": {"ENGLAND": ["A/F Nth - Eng", "A/F Nth disembarks A Eng - Bre",
                               "F Mao S A Eng - Bre"], "FRANCE": ["F Eng - Bre"]}})
    assert _board(reply) == {("ENGLAND", "AF", "eng"), ("ENGLAND", "F", "mao"),
                             ("FRANCE", "F", "bre")}
    outcomes = {r["order"]: r["outcome"] for r in reply["results"]}
    assert outcomes["A/F Nth disembarks A Eng - Bre"] == "fails"
    assert outcomes["F Mao S A Eng - Bre"] == "void"
