"""`judge adjudicate` (docs/adjudicate.md) judges a decoy taken off the board as a game
does (rn45 C8 with B1, B3; issue #15, decoys_removal.py): removed by its owner with no army
left, it passes its place to the navy civil disorder takes next, and only its owner and the
master learn it."""

from __future__ import annotations

import json
from typing import Any

from judge.protocol import handle

DECOY: list[list[Any]] = [["decoy", True]]
# Russia: six military units on its four centres (two removals owed) and the decoy, an army
# in Bohemia. It removes the decoy and its only army, Warsaw's: no army is left to pay, and
# its navy in the Black Sea (one step from Sevastopol, tied with Bothnia's, whose name
# comes after) is civil disorder's next pick of any kind.
UNITS: list[dict[str, Any]] = [
    {"power": "RUSSIA", "type": "A", "loc": "boh", "payload": DECOY},
    {"power": "RUSSIA", "type": "N", "loc": "bla"},
    {"power": "RUSSIA", "type": "N", "loc": "bot"},
    {"power": "RUSSIA", "type": "N", "loc": "sev"},
    {"power": "RUSSIA", "type": "N", "loc": "stp/sc"},
    {"power": "RUSSIA", "type": "F", "loc": "mos"},
    {"power": "RUSSIA", "type": "A", "loc": "war"}]


def removal(units: list[dict[str, Any]]) -> dict[str, Any]:
    reply = handle({"variant": "engineered", "phase": "W1902A",
                    "state": {"level": "complex", "decoys": True}, "units": units,
                    "orders": {"RUSSIA": ["Remove A Boh", "Remove A War"]},
                    "views": ["RUSSIA", "AUSTRIA", "OBSERVER", "MASTER"]})
    assert "error" not in reply, reply
    return reply


def test_a_removed_decoy_with_no_army_left_becomes_the_navy_civil_disorder_takes_next() -> None:
    reply = removal(UNITS)
    assert {"power": "RUSSIA", "type": "N", "loc": "bla", "payload": DECOY} in reply["units"]
    passed = {"event": "decoy_passed_on",
              "gone": {"power": "RUSSIA", "type": "A", "loc": "boh", "payload": DECOY},
              "heir": {"power": "RUSSIA", "type": "N", "loc": "bla"}}
    assert passed in reply["events"]
    assert {"power": "RUSSIA", "count": -2, "waived": 0} in reply["views"]["AUSTRIA"]["adjustments"]
    # The board and the knowledge record as each viewer is left with them.
    marked = {viewer: '["decoy", true]' in json.dumps(view)
              for viewer, view in reply["views"].items()}
    assert marked == {"RUSSIA": True, "MASTER": True, "AUSTRIA": False, "OBSERVER": False}
    for viewer in ("AUSTRIA", "OBSERVER"):
        assert {"power": "RUSSIA", "type": "N", "loc": "bla"} in reply["views"][viewer]["units"]
