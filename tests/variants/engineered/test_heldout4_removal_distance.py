"""Civil disorder's removal in Engineered. rn45 C0: "The 'Rules for Diplomacy' Copyright
1971 will apply": a country that owes a removal and orders none loses the unit farthest
from its home supply centres (DATC 4.D.8: "In the 1971 and 1982 rulebooks, the distance of
each unit to the home supply centers must be calculated"), not the 2023 rulebook's nearest
owned centre. Home is rn45's "Home Unit Build Centers or Build Centers (BC)" (A): Russia
"will have 3 BCs and one StP SC" (C1 1b), so St Petersburg is no home of hers.

Russia owns Moscow, Sevastopol, Warsaw and St Petersburg, with five armies: one removal.
From her three home centres Finland is 2 away (by St Petersburg to Moscow), Armenia 1 (to
Sevastopol): Finland goes. Measured from owned centres (removal_distance=owned), both are 1
away (St Petersburg, Sevastopol) and the tie goes by name: Armenia."""

from __future__ import annotations

from typing import Any

import pytest

from judge.game.instance import variant_instance
from judge.protocol import handle

RUSSIA = ["fin", "arm", "mos", "war", "sev"]


def _removed(options: dict[str, Any]) -> list[str]:
    variant = {"variant": "engineered", **({"state": options} if options else {})}
    reply = handle({**variant, "phase": "W1901A",
                    "units": [{"power": "RUSSIA", "type": "A", "loc": p} for p in RUSSIA],
                    "centers": {"RUSSIA": ["mos", "sev", "war", "stp"]}, "orders": {}})
    assert "error" not in reply, reply
    return sorted(set(RUSSIA) - {u["loc"] for u in reply["units"]})


def test_civil_disorder_removes_the_unit_farthest_from_home() -> None:
    assert _removed({}) == ["fin"]


def test_the_variant_plays_the_1971_distance() -> None:
    assert variant_instance("engineered", {}, 0).rules.rulebook.removal_distance == "home"
    owned = variant_instance("engineered", {"removal_distance": "owned"}, 0)
    assert owned.rules.rulebook.removal_distance == "owned"


@pytest.mark.parametrize("level", ["simple", "complex"])
def test_at_every_level(level: str) -> None:
    assert _removed({"level": level}) == ["fin"]
