"""`judge adjudicate` given a diplomat on a province of a major country (`vie`): rule 5.ii,
"Each of the major countries counts as a single space for the purposes of diplomat
movement and occupation", so it stands in that country's space (`aus`), as `D Vie` in an
order is `D Aus` (docs/variants/envoy.md). It was refused ("a diplomat cannot stand on
'vie'; it can stand on nowhere in vie")."""

from __future__ import annotations

import json
from typing import Any

from judge.protocol import handle_line
from tests.variants.replies import outcome

STATE = {"players": ["FRANCE", "GERMANY"]}


def adjudicate(units: list[tuple[str, str, str]], orders: dict[str, list[str]]) -> dict[str, Any]:
    return handle_line(json.dumps({
        "variant": "envoy", "phase": "S1914M", "orders": orders, "state": STATE,
        "units": [{"power": p, "type": t, "loc": loc} for p, t, loc in units]}))


def _at(reply: dict[str, Any]) -> list[str]:
    return sorted(f"{u['power']} {u['type']} {u['loc']}" for u in reply["units"])


def test_a_diplomat_given_in_vienna_stands_in_austria() -> None:
    reply = adjudicate([("FRANCE", "D", "vie"), ("AUSTRIA", "A", "vie")],
                       {"FRANCE": ["D Aus - Ita"]})
    assert "error" not in reply, reply
    assert outcome(reply, "D Aus - Ita") == "succeeds"
    assert _at(reply) == ["AUSTRIA A vie", "FRANCE D ita"]  # 5.v: beside the army


def test_two_given_in_two_provinces_of_one_country_are_one_stack() -> None:
    """5.ii and 5.v: Vienna and Budapest are one space, so France's two diplomats there
    move with the strength of two and dislodge Germany's lone one in Italy (5.iv: it is
    eliminated); with two diplomats in Italy, France makes it a Major Ally (rule 6)."""
    reply = adjudicate([("FRANCE", "D", "vie"), ("FRANCE", "D", "bud"),
                        ("GERMANY", "D", "ven")],
                       {"FRANCE": ["2 D Aus - Ita"], "GERMANY": ["D Ita H"]})
    assert "error" not in reply, reply
    assert _at(reply) == ["FRANCE D ita", "FRANCE D ita"]
    assert reply["state"]["control"]["ITALY"] == ["major ally", "FRANCE"]


def test_two_players_diplomats_in_one_country_are_still_refused() -> None:
    """A request, like a board, has one player's stack in a space (docs/adjudicate.md):
    Trieste and Vienna are both Austria."""
    reply = adjudicate([("FRANCE", "D", "vie"), ("GERMANY", "D", "tri")], {})
    assert reply["error"] == ("FRANCE and GERMANY both have a diplomat in aus: only one "
                              "power's diplomats may share a province")


def test_armies_and_fleets_keep_their_provinces() -> None:
    reply = adjudicate([("AUSTRIA", "A", "vie"), ("AUSTRIA", "F", "tri")], {})
    assert "error" not in reply, reply
    assert _at(reply) == ["AUSTRIA A vie", "AUSTRIA F tri"]
