"""Fighter builds in the simple game. rn45 A: "The simple game excludes the complex and
advanced rules"; C7 [Complex] 7a: "A Fighter Field unit may be built instead of a Army or
Navy". The simple rules build one only through an engineer: C2 2a [Simple], "an (E) unit
located on a SC can build a military unit on an empty SC", and B3, "A Military Unit is a
standard diplomacy unit or a Fighter Field unit". Expected, from those paragraphs: at the
simple level BUILD F Moscow (a home centre, no engineer) is refused and BUILD F Rumania
(Russia's engineer on the empty centre) is made; at the complex level both are made."""

from __future__ import annotations

from typing import Any

import pytest

from judge.protocol import handle
from tests.conversations.harness import Conversation
from tests.variants.engineered.test_rules_fighter_builds import HOLDS
from tests.variants.folder_games import send_orders, started

# Russia: five centres, one army: four builds; her engineer stands on empty Rumania.
UNITS = [{"power": "RUSSIA", "type": "A", "loc": "war"},
         {"power": "RUSSIA", "type": "E", "loc": "rum"}]
CENTRES = {"RUSSIA": ["war", "mos", "sev", "stp", "rum"]}


def _winter(state: dict[str, Any], *orders: str) -> dict[str, str]:
    reply = handle({"variant": "engineered", "phase": "W1901A", "state": state,
                    "units": UNITS, "centers": CENTRES, "orders": {"RUSSIA": list(orders)}})
    assert "error" not in reply, reply
    return {r["order"]: r["outcome"] for r in reply["results"] if not r.get("unordered")}


@pytest.mark.parametrize(("state", "moscow", "rumania"), [
    ({}, "fails", "succeeds"),  # simple, engineer_sites: C7 7a is complex; C2 2a, B3
    ({"level": "complex"}, "succeeds", "succeeds"),  # C7 7a
    ({"simple_fighter_builds": "none"}, "fails", "fails"),
    ({"simple_fighter_builds": "anywhere"}, "succeeds", "succeeds"),
])
def test_where_a_fighter_may_be_built(state: dict[str, Any], moscow: str, rumania: str) -> None:
    results = _winter(state, "Build F Moscow", "Build F Rumania")
    assert [results[k] for k in sorted(results)] == [moscow, rumania], results


def test_an_army_or_navy_is_still_built_on_a_home_centre_in_the_simple_game() -> None:
    assert set(_winter({}, "Build A Moscow", "Build N Sevastopol").values()) == {"succeeds"}



def test_the_refusal_by_mail_says_what_to_build(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7)
    russia = {"S": ("N Sev - Rum", "F Mos - Ukr", "A War H", "N StP H"),
              "F": ("N Rum H", "F Ukr H", "A War H", "N StP H")}
    for season in ("S", "F"):
        for power, lines in HOLDS.items():
            send_orders(talk, seats[power], *lines)
        send_orders(talk, seats["RUSSIA"], *russia[season])
    for power in HOLDS:
        send_orders(talk, seats[power], "WAIVE")
    reply = send_orders(talk, seats["RUSSIA"], "build F Mos").body
    assert "C7 7a" in reply and "complex rule" in reply, reply
    assert "Build an army there (BUILD A Moscow)" in reply, reply
    built = send_orders(talk, seats["RUSSIA"], "build A Mos").body
    assert "BUILD A Moscow." in built, built
