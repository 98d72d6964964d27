"""1885-III's hooks: the map a game plays on, and `customise`: the set-up turn and its
secrecy (setup.py), centres and build sites (centres.py), builds and the master's removals
(builds.py), Just's Right-Hand Rule (retreats.py), the victories (victory.py); the calendar
is variant.toml's `[[seasons]]`.

The rules' closing note suggests, for purists, a Kiel of two coasts (the Kiel Canal opened
in 1895); the game option `kiel_coasts` plays on that map. What changes is data, in
`kiel-coasts/`: its provinces.csv replaces the rows of the same ids, its borders.csv replaces
every border of those provinces, and its units.csv moves a power's unit of the same kind
and province to the coast it names. docs/variants/1885-iii.md says what is built.
"""

from __future__ import annotations

import csv
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from judge.engine.geo import Border
from judge.engine.types import ADJUSTMENT, RETREAT
from judge.variant import Variant
from judge.variant_map import (
    FORMER_FILE,
    province_to_json,
    read_borders,
    read_former,
    read_provinces,
)

# mypy cannot name a package "1885", so it cannot follow the folder's own imports.
from .armyfleet import install as install_army_fleets  # type: ignore[import-not-found]
from .builds import Builds, removal_questions  # type: ignore[import-not-found]
from .centres import season_end_for, supply_for  # type: ignore[import-not-found]
from .report import SECTION as SICILY_SECTION  # type: ignore[import-not-found]
from .retreats import RightHandRetreats  # type: ignore[import-not-found]
from .setup import SETUP, SetupChoices, SetupSecrecy  # type: ignore[import-not-found]
from .setup_reader import setup_reader  # type: ignore[import-not-found]
from .start_notice import start_words  # type: ignore[import-not-found]
from .victory import victory_for  # type: ignore[import-not-found]

FOLDER = Path(__file__).resolve().parent
# The readings `judge adjudicate` takes from its request's "state" (judge/variant_hooks.py),
# so a scenario may be posed under each (docs/adjudicate.md); `kiel_coasts` is a map, which
# a request gives as its own `map`.
REQUEST_OPTIONS = ("alliance_months", "centres_change", "landing_ahead", "box_supports",
                   "box_entry", "box_support_from",
                   "ferry_bounce", "right_hand", "af_retreat", "macedonia_build",
                   "right_hand_clash")
KIEL_COASTS = FOLDER / "kiel-coasts"


def customise(variant: Variant) -> Variant:
    """Army/Fleets, fast ferries and the High Ocean Box (armyfleet/), then the rest of the
    rules: the set-up turn, builds and removals, Just's Right-Hand Rule around the A/F
    retreats (the rule fills in the retreats not given, a retreat into the Box among them,
    before the standard phase settles them and the A/F retreats put armies aboard or
    ashore), centres, victories."""
    variant = install_army_fleets(variant)
    options = variant.options
    handlers = {**variant.rules.handlers, ADJUSTMENT: Builds(),
                RETREAT: RightHandRetreats(variant.rules.handlers[RETREAT],
                                           options.get("right_hand") == "anticlockwise",
                                           options.get("af_retreat") != "right_hand",
                                           options.get("right_hand_clash") != "both_disband"),
                SETUP: SetupChoices()}
    supply = supply_for(str(options.get("macedonia_build", "after_february")))
    rules = replace(variant.rules, handlers=handlers, supply=supply,
                    season_end=season_end_for(str(options.get("centres_change", "builds"))),
                    questions=removal_questions, visibility=SetupSecrecy(),
                    victory=victory_for(str(options.get("alliance_months", "sep"))))
    return replace(variant, rules=rules, sections=(*variant.sections, SICILY_SECTION),
                   start_words=start_words, reader=setup_reader(variant.reader))


def make_map(options: dict[str, Any], seed: int) -> dict[str, Any] | None:
    """The folder's map unless the game chose `kiel_coasts` (the seed plays no part)."""
    if not options.get("kiel_coasts"):
        return None
    return overlaid_map(FOLDER, KIEL_COASTS)


def overlaid_map(base: Path, overlay: Path) -> dict[str, Any]:
    """`base`'s map with `overlay`'s provinces, their borders and their units, as the JSON
    form of judge/variant_map.py."""
    changed = {p.id: p for p in read_provinces(overlay / "provinces.csv")}
    provinces = [changed.get(p.id, p) for p in read_provinces(base / "provinces.csv")]
    kept = [b for b in read_borders(base / "borders.csv")
            if _province(b.a) not in changed and _province(b.b) not in changed]
    borders = [*kept, *read_borders(overlay / "borders.csv")]
    return {"provinces": [province_to_json(p) for p in provinces],
            "borders": [_border_json(b) for b in borders],
            "units": _units(base / "variant.toml", overlay / "units.csv"),
            "former": read_former(base / FORMER_FILE)}


def _units(spec_path: Path, moves_path: Path) -> dict[str, list[str]]:
    with open(spec_path, "rb") as f:
        spec = tomllib.load(f)
    with open(moves_path, newline="", encoding="utf-8") as f:
        moves = [(r["power"], r["unit"]) for r in csv.DictReader(f)]
    units = {p["name"]: list(p.get("units", [])) for p in spec["powers"]}
    for power, unit in moves:
        units[power] = [unit if _same_place(old, unit) else old for old in units[power]]
    return units


def _same_place(old: str, new: str) -> bool:
    (old_kind, old_loc), (new_kind, new_loc) = old.split(), new.split()
    return old_kind == new_kind and _province(old_loc) == _province(new_loc)


def _province(location: str) -> str:
    return location.split("/")[0]


def _border_json(b: Border) -> dict[str, Any]:
    return {"a": b.a, "b": b.b, "graphs": sorted(b.graphs)}
