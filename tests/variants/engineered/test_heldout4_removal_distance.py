"""Civil disorder's removal in Engineered (DATC 4.D.8). rn45 C0 plays the 1971 rules, whose
distance is from "home supply centers"; rn45 names Russia's homes two ways, "Home Unit Build
Centers" (A; three of them, C1 1b) and her start "3 BCs and one StP SC" (C1 1b). Counting
from the build centres would take a Russian navy standing on her own St Petersburg before
an army abroad, so the game keeps the 2023 rules' distance from owned centres by default,
and `removal_distance=home` at CREATE counts from the build centres.

Russia owns Moscow, Sevastopol, Warsaw and St Petersburg, with five armies: one removal.
From owned centres Finland (St Petersburg) and Armenia (Sevastopol) are both 1 away, and
the tie goes by name: Armenia. From the three build centres Finland is 2 (by St Petersburg
to Moscow), Armenia 1: Finland."""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.turn import adjudicate
from judge.engine.types import Phase, Unit
from judge.game.instance import variant_instance

RUSSIA = ["fin", "arm", "mos", "war", "sev"]


def _removed(options: dict[str, object]) -> list[str]:
    variant = variant_instance("engineered", options, 0)
    owners = {c: "RUSSIA" for c in ("mos", "sev", "war", "stp")}
    position = Position(Phase.parse("W1901A"),
                        tuple(Unit("RUSSIA", "A", p) for p in RUSSIA), owners)
    turn = adjudicate(variant.rules, position, {})
    return sorted(set(RUSSIA) - {u.loc for u in turn.position.units})


def test_by_default_civil_disorder_counts_from_owned_centres() -> None:
    assert _removed({}) == ["arm"]


def test_removal_distance_home_counts_from_the_build_centres() -> None:
    assert _removed({"removal_distance": "home"}) == ["fin"]
