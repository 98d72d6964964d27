"""`judge adjudicate`'s fast paths (issue #18, the order reader): the reply's text is
compact json.dumps's, byte for byte, with orjson or without it, and units read before are
read as at first."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judge import protocol_json
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
def test_the_reply_text_is_compact_json_dumps(reply: dict[str, Any],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    expected = json.dumps(reply, separators=(",", ":"))
    assert reply_text(reply) == expected
    assert reply_text(reply).isascii()
    monkeypatch.setattr(protocol_json, "orjson", None)  # an environment without it
    assert reply_text(reply) == expected


def test_what_orjson_cannot_write_is_written_as_before() -> None:
    reply = {"state": {"big": 2**70, "1": "one"}, "views": {7: "a key not a string"}}
    assert reply_text(reply) == json.dumps(reply, separators=(",", ":"))


@pytest.mark.parametrize("line", ['{"phase": NaN}',
                                  '{"phase": "S1901M", "n": 123456789012345678901234567890}'])
def test_a_request_orjson_refuses_is_read_as_before(line: str) -> None:
    """NaN and huge integers are JSON to Python's reader: the request is answered."""
    assert "error" not in handle_line(line) or "valid JSON" not in handle_line(line)["error"]


def test_a_bad_line_is_refused_with_the_reader_s_words() -> None:
    assert handle_line("{not json")["error"].startswith("the request is not valid JSON: ")


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


def test_a_place_s_unit_is_read_as_written_each_time() -> None:
    # The units are found by their place as written, then checked against the power and
    # type written there last: a change of either is read afresh, in any order.
    specs = [{"power": "FRANCE", "type": "A", "loc": "bur"},
             {"power": "GERMANY", "type": "A", "loc": "bur"},
             {"power": "GERMANY", "type": "a", "loc": "bur"},
             {"power": "FRANCE", "type": "A", "loc": "bur"}]
    for spec in specs:
        unit = {"power": spec["power"], "type": "A", "loc": "bur"}
        assert _reply({"phase": "S1901M", "units": [spec]})["units"] == [unit]
    refused = _reply({"phase": "S1901M", "units": [{"power": "FRANCE", "type": "A",
                                                    "loc": ["bur"]}]})
    assert "error" in refused


def test_a_line_read_in_one_kind_of_phase_is_read_anew_in_another() -> None:
    spring = {"phase": "S1901M", "units": [{"power": "FRANCE", "type": "A", "loc": "par"}],
              "orders": {"FRANCE": ["A Par - Bur"]}}
    moved = _reply(spring)
    assert moved["units"] == [{"power": "FRANCE", "type": "A", "loc": "bur"}]
    retreat = {"phase": "S1901R", "units": [],
               "dislodged": [{"power": "FRANCE", "type": "A", "loc": "par",
                              "attacker_from": "pic", "retreats": ["bur"]}],
               "orders": {"FRANCE": ["A Par - Bur"]}}
    retreated = _reply(retreat)
    assert retreated["results"][0]["outcome"] == "succeeds", retreated
    assert retreated["units"] == [{"power": "FRANCE", "type": "A", "loc": "bur"}]


def test_judge_variants_is_read_at_every_request(monkeypatch: pytest.MonkeyPatch) -> None:
    """load_variant reads os.environ's own dict (issue #18: Mapping.get cost more than the
    rest of load_variant), so a folder set or unset between two requests still counts."""
    from judge.variant_loader import load_variant
    folders = str(Path(__file__).parent / "variants" / "folders")
    monkeypatch.delenv("JUDGE_VARIANTS", raising=False)
    with pytest.raises(KeyError):
        load_variant("atoll")
    monkeypatch.setenv("JUDGE_VARIANTS", folders)
    assert load_variant("atoll").name == "atoll"
    monkeypatch.delenv("JUDGE_VARIANTS")
    with pytest.raises(KeyError):
        load_variant("atoll")
    assert "error" in handle_line(json.dumps({"variant": "atoll", "phase": "S1901M"}))
