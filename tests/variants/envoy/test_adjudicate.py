"""`judge adjudicate` with Envoy positions: diplomats, stacks, and the documented example."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from judge.protocol import handle_line

DOC = Path(__file__).resolve().parents[3] / "docs" / "adjudicate.md"


def ask(request: dict[str, Any]) -> dict[str, Any]:
    return handle_line(json.dumps(request))


def d(power: str, loc: str) -> dict[str, str]:
    return {"power": power, "type": "D", "loc": loc}


def test_the_envoy_example_of_the_docs_through_the_command() -> None:
    section = DOC.read_text(encoding="utf-8").split("## Envoy: diplomats", 1)[1]
    request, reply = re.findall(r"```json\n(.*?)```", section, re.DOTALL)
    done = subprocess.run([sys.executable, "-m", "judge.cli", "adjudicate"], input=request,
                          capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == json.loads(reply)


def test_a_supported_stack_through_json() -> None:
    reply = ask({"variant": "envoy", "phase": "F1914M",
                 "units": [d("RUSSIA", "rus"), d("RUSSIA", "rus"), d("RUSSIA", "bla"),
                           d("TURKEY", "tur"), d("TURKEY", "tur"),
                           {"power": "TURKEY", "type": "A", "loc": "con"}],
                 "orders": {"RUSSIA": ["D Russia - Turkey", "D Bla S D Rus-Tur"],
                            "TURKEY": ["D Tur H", "A Con H"]}})
    # 2 + 1 support against a stack of 2: Turkey's stack is eliminated, its army stays.
    assert sorted((u["power"], u["type"], u["loc"]) for u in reply["units"]) == [
        ("RUSSIA", "D", "bla"), ("RUSSIA", "D", "tur"), ("RUSSIA", "D", "tur"),
        ("TURKEY", "A", "con")]
    assert reply["dislodged"] == []
    turkish = [r for r in reply["results"] if r["unit"] == {"type": "D", "loc": "tur"}]
    assert [(r["outcome"], r["dislodged"]) for r in turkish] == [("fails", True)]


def test_two_powers_stacked_in_one_space_are_refused() -> None:
    reply = ask({"variant": "envoy", "units": [d("AUSTRIA", "ita"), d("ITALY", "ita")]})
    assert reply == {"error": "AUSTRIA and ITALY both have a diplomat in ita: only one "
                              "power's diplomats may share a province"}


def test_a_diplomat_cannot_stand_in_a_vanished_sea() -> None:
    """5.iii. One given on a home province stands in its country (5.ii):
    test_heldout5_adjudicate_places.py."""
    reply = ask({"variant": "envoy", "units": [d("AUSTRIA", "nth")]})
    # It read "it can stand on nowhere in nth": what is true, and what to give instead.
    assert reply == {"error": "a diplomat cannot stand on 'nth' (North Sea is no "
                              "diplomat's space on this map): give the unit's \"loc\" as a "
                              "place a diplomat can stand on; next to it, one may stand in "
                              "bel, den, eng, hel, hol, nwg, nwy, ska"}


def test_an_army_at_sea_is_told_the_land_next_to_it() -> None:
    reply = ask({"variant": "standard", "units": [
        {"power": "ENGLAND", "type": "A", "loc": "nth"}]})
    assert reply == {"error": "an army cannot stand on 'nth' (North Sea is sea): "
                              "give the unit's \"loc\" as a place an army can stand on; "
                              "next to it, one may stand in bel, den, edi, hol, lon, nwy, yor"}


def test_two_armies_in_one_province_are_still_refused() -> None:
    army = {"power": "AUSTRIA", "type": "A", "loc": "vie"}
    assert ask({"variant": "envoy", "units": [army, army]}) == {"error": "two units in vie"}
