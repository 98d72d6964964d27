"""`judge adjudicate` with `"variant": "engineered"` (docs/adjudicate.md): engineer and
prison units, a prison's payload in and out, the variant's events, and the game's options
(level, engineer_ratio, ...) in the request's "state", as a game keeps them."""

from __future__ import annotations

from typing import Any

import pytest

from judge.protocol import RequestError, handle

GERMAN = {"GERMANY": ["ber", "kie", "mun", "den", "hol"]}


def test_a_capture_comes_back_as_a_prison_with_its_owner() -> None:
    reply = handle({"variant": "engineered", "phase": "S1902M",
                    "units": [{"power": "RUSSIA", "type": "E", "loc": "gal"},
                              {"power": "AUSTRIA", "type": "A", "loc": "bud"}],
                    "orders": {"AUSTRIA": ["A Bud - Gal"]}})
    assert "error" not in reply, reply
    assert {"power": "AUSTRIA", "type": "P", "loc": "gal",
            "payload": [["owner", "RUSSIA"]]} in reply["units"]
    assert reply["events"] == [{"event": "engineering", "what": "captured", "by": "AUSTRIA",
                                "unit": {"power": "RUSSIA", "type": "E", "loc": "gal"}}]


def test_a_prison_given_with_its_payload_converts_its_captor() -> None:
    reply = handle({"variant": "engineered", "phase": "W1902A",
                    "units": [{"power": "TURKEY", "type": "A", "loc": "bud"},
                              {"power": "TURKEY", "type": "P", "loc": "bud",
                               "payload": [["owner", "AUSTRIA"]]}],
                    "centers": {"TURKEY": ["bud"]},
                    "orders": {"TURKEY": ["convert A Bud to F"]}})
    assert "error" not in reply, reply
    assert reply["units"] == [{"power": "TURKEY", "type": "F", "loc": "bud"}]  # 4d, 4b
    [converted] = [r for r in reply["results"] if r["order"] == "convert A Bud to F"]
    assert converted["outcome"] == "succeeds"


def _second_engineer(state: dict[str, Any]) -> str:
    reply = handle({"variant": "engineered", "phase": "W1902A", "state": state,
                    "units": [{"power": "GERMANY", "type": "E", "loc": "kie"},
                              {"power": "GERMANY", "type": "A", "loc": "ber"}],
                    "centers": GERMAN, "orders": {"GERMANY": ["Build E Ber"]}})
    assert "error" not in reply, reply
    [built] = [r for r in reply["results"] if r["order"] == "Build E Ber"]
    return str(built["outcome"])


def test_the_games_options_are_read_from_the_state() -> None:
    # Five centres: C3d at two centres an engineer allows two; C3a (5 // 3) one.
    assert _second_engineer({"engineer_ratio": "c3d", "engineer_centres": 2}) == "succeeds"
    assert _second_engineer({"engineer_ratio": "c3a"}) == "fails"
    assert _second_engineer({}) == "fails"  # the default, C3d at four centres


def test_a_payload_that_is_not_pairs_is_refused() -> None:
    with pytest.raises(RequestError, match=r"'payload' of .* must be \[\[name, value\]"):
        handle({"variant": "engineered", "phase": "S1902M",
                "units": [{"power": "TURKEY", "type": "P", "loc": "bud", "payload": "AUSTRIA"}]})
