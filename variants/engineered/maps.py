"""Engineered on any map (rn45 A: "no matter the Diplomacy Map the rules will work").

The standard map is the default; the game option `map` names another classic map of the
judge, a variant folder with a map and powers of its own (`1885`). The game then plays on
that folder's provinces and borders with its powers and their start units, each fleet a
navy (B7: N); C1's start-up changes are the standard map's alone (startup.py finds no
Russian St Petersburg home to change on another map). The folder's own rules (its
calendar, its special areas) do not come with it: only its map, its powers and their
units, and the game is played under the Engineered rules and calendar.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from judge.engine.geo import Border
from judge.variant import Variant, with_rulebook
from judge.variant_loader import variant_roots
from judge.variant_map import (
    FORMER_FILE,
    province_to_json,
    read_borders,
    read_former,
    read_provinces,
)

STANDARD = "standard"
MAPS = ("standard", "1885")  # the classic maps the option offers (variant.toml)
FLEET, NAVY = "F", "N"


def make_map(options: Mapping[str, Any], seed: int) -> dict[str, Any] | None:
    """None on the standard map (the folder's own); else the chosen map, its powers and
    their units as the JSON form of judge/variant_map.py."""
    chosen = str(options.get("map", STANDARD)).lower()
    if chosen == STANDARD:
        return None
    folder = _folder(chosen)
    with open(folder / "variant.toml", "rb") as f:
        spec = tomllib.load(f)
    map_dir = folder.parent / spec.get("map", folder.name)
    powers = [{**p, "units": [_navy(u) for u in p.get("units", [])]} for p in spec["powers"]]
    return {"provinces": [province_to_json(p) for p in read_provinces(map_dir / "provinces.csv")],
            "borders": [_border(b) for b in read_borders(map_dir / "borders.csv")],
            "powers": powers,
            "units": {p["name"]: p["units"] for p in powers},
            "former": read_former(map_dir / FORMER_FILE)}  # its names for lost places


def wire(variant: Variant) -> Variant:
    """The centres a win needs on the game's map. C0 plays the 1971 rules, whose 18 are
    more than half the standard board's 34 centres; A plays them on any map, so on another
    one a win is more than half of its centres (1885-III: 24 of 47, the count that map's own
    rules ask too). A game's own `victory_centres` option still sets it (applied after)."""
    return with_rulebook(variant,
                         victory_centres=len(variant.rules.geo.supply_centres) // 2 + 1)


def _folder(name: str) -> Path:
    for root in variant_roots():
        if (root / name / "variant.toml").is_file():
            return root / name
    raise KeyError(f"no map {name!r}: the maps are {', '.join(MAPS)}")


def _navy(unit: str) -> str:
    kind, loc = unit.split()
    return f"{NAVY if kind.upper() == FLEET else kind} {loc}"


def _border(b: Border) -> dict[str, Any]:
    return {"a": b.a, "b": b.b, "graphs": sorted(b.graphs)}
