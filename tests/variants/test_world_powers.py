"""A game's map may bring its own powers (judge/variant_map.py `powers`): a variant played
on another map (rn45 A) takes that map's powers and their units in place of its own."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.geo import MapError
from judge.variant_loader import load_variant_folder
from tests.variants.folder_games import FOLDERS

ORACLE = FOLDERS / "oracle"


def _world(powers: list[dict[str, Any]] | None) -> dict[str, Any]:
    homes = {"one": "EAST", "three": "WEST"}
    world: dict[str, Any] = {
        "provinces": [{"id": p, "name": p.title(), "terrain": "land", "supply": 1,
                       "home": homes.get(p, "")} for p in ("one", "two", "three")],
        "borders": [{"a": "one", "b": "two", "graphs": ["army"]},
                    {"a": "two", "b": "three", "graphs": ["army"]}]}
    if powers is not None:
        world["powers"] = powers
    return world


def test_the_maps_powers_and_units_replace_the_variants() -> None:
    powers = [{"name": "EAST", "adjective": "Eastern", "letter": "E", "units": ["A one"]},
              {"name": "WEST", "letter": "W", "units": ["A three"]}]
    variant = load_variant_folder(ORACLE, world=_world(powers))
    assert [(p.name, p.adjective) for p in variant.powers] == [("EAST", "Eastern"),
                                                               ("WEST", "WEST")]
    assert variant.rules.powers == ("EAST", "WEST")
    assert {(u.power, u.loc) for u in variant.start.units} == {("EAST", "one"),
                                                               ("WEST", "three")}
    assert variant.rules.homes == {"EAST": frozenset({"one"}), "WEST": frozenset({"three"})}


def test_without_powers_the_variants_own_stand_and_must_fit_the_map() -> None:
    with pytest.raises(MapError):  # NORTH's and SOUTH's units are not on this map
        load_variant_folder(ORACLE, world=_world(None))
