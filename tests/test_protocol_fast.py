"""`judge adjudicate`'s fast paths (issue #18, the order reader): the reply's text is
json.dumps's, byte for byte, and units read before are read as at first."""

from __future__ import annotations

import json
from typing import Any

import pytest

from judge.protocol import handle_line
from judge.protocol_json import reply_text

MOVES = {"variant": "standard", "phase": "S1901M",
         "orders": {"FRANCE": ["A Par - Bur", "A Mar \u2192 Spa", "F Bre - Pqr"],
                    "GERMANY": ["A Mun - Bur", "F Kie - Den"]}}


def _reply(request: dict[str, Any]) -> dict[str, Any]:
    return handle_line(json.dumps(request))


@pytest.mark.parametrize("reply", [
    _reply(MOVES),
    _reply({**MOVES, "views": ["FRANCE"]}),
    _reply({"phase": "S1901M", "units": [{"power": "FRANCE", "type": "A", "loc": "bur"}]}),
    _reply({"phase": "S1901M", "units": [{"power": "FRANCE", "type": "F", "loc": "bur"}]}),
    {"phase": "S1901M", "next_phase": None, "results": [
        {"power": "FRANCE", "unit": None, "order": "A Par \u2192 \"Bur\"\\", "outcome": "illegal",
         "reason": None, "dislodged": True},
        {"power": "FRANCE", "unit": {"type": "A", "loc": "par", "extra": 1}, "order": "x",
         "outcome": "fails", "reason": "bounce", "dislodged": False},
        {"unit": None, "power": "FRANCE"}, "not a result"],
     "units": [{"power": "FRANCE", "type": "A", "loc": "par"}, {"loc": "par"}, 7],
     "state": {"a": [1, 2.5, None, {"b": "\u00e9"}]}, "winners": ["FRANCE"]},
    {"error": "the request is not valid JSON"},
])
def test_the_reply_text_is_json_dumps(reply: dict[str, Any]) -> None:
    assert reply_text(reply) == json.dumps(reply)


def test_a_unit_read_before_is_not_taken_for_another() -> None:
    army = {"phase": "S1901M", "units": [{"power": "FRANCE", "type": "A", "loc": "bur"}]}
    assert "error" not in _reply(army)
    fleet = {"phase": "S1901M", "units": [{"power": "FRANCE", "type": "F", "loc": "bur"}]}
    for _ in range(2):
        assert "cannot stand on 'bur'" in _reply(fleet)["error"]
    assert _reply(army)["units"] == [{"power": "FRANCE", "type": "A", "loc": "bur"}]


def test_two_units_in_one_province_are_refused_when_read_before() -> None:
    one = {"power": "FRANCE", "type": "A", "loc": "bur"}
    other = {"power": "GERMANY", "type": "A", "loc": "bur"}
    assert "error" not in _reply({"phase": "S1901M", "units": [one]})
    assert "error" not in _reply({"phase": "S1901M", "units": [other]})
    assert _reply({"phase": "S1901M", "units": [one, other]})["error"] == "two units in bur"
