"""The centres a win needs on the map played (rn45 A: "no matter the Diplomacy Map the rules
will work"; C0: the 1971 rules, whose 18 are more than half the standard board's 34
centres). On 1885-III's map, 47 centres, a win is more than half: 24, the count that map's
own rules ask for too (shared/rules/1885-iii.txt, Victory Requirements a)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.protocol import handle
from variants.engineered.maps import make_map

CENTRES_1885 = ["mad", "cad", "val", "por", "mor", "azo", "ire", "lon", "lvp", "edi", "bre",
                "par", "mar", "bel", "hol", "kie", "ber", "mun", "dre", "cop", "got", "osl",
                "sto", "ice"]


def _fall(map_name: str, owned: list[str]) -> dict[str, Any]:
    request: dict[str, Any] = {
        "variant": "engineered", "phase": "F1905M",
        "units": [{"power": "SPAIN", "type": "A", "loc": "mad"}] if map_name == "1885" else
                 [{"power": "FRANCE", "type": "A", "loc": "par"}],
        "centers": {"SPAIN" if map_name == "1885" else "FRANCE": owned}}
    world = make_map({"map": map_name}, 0)
    if world is not None:
        request["map"] = world
    reply = handle(request)
    assert "error" not in reply, reply
    return reply


@pytest.mark.parametrize(("count", "wins"), [(18, False), (23, False), (24, True)])
def test_on_the_1885_map_a_win_is_24_of_its_47_centres(count: int, wins: bool) -> None:
    reply = _fall("1885", CENTRES_1885[:count])
    assert (reply.get("winners") == ["SPAIN"]) is wins, reply.get("winners")


def test_on_the_standard_map_it_stays_18() -> None:
    standard = ["par", "bre", "mar", "spa", "por", "bel", "hol", "mun", "kie", "ber", "den",
                "swe", "nwy", "edi", "lon", "lvp", "ven", "rom"]
    assert _fall("standard", standard).get("winners") == ["FRANCE"]
    assert _fall("standard", standard[:17]).get("winners") is None
