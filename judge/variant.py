"""Variants: one folder of data under variants/, plus an optional rules.py of hooks.

The loader reads the folder, validates it (a bad map fails loudly, naming every problem)
and returns a Variant record: the engine's Rules, the start position and the names players
use. docs/map-format.md describes the files; docs/variants.md the hooks.
"""

from __future__ import annotations

import csv
import importlib.machinery
import importlib.util
import os
import sys
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.engine.calendar import STANDARD_CALENDAR
from judge.engine.geo import Border, Geography, MapError, Province
from judge.engine.mapcheck import check_borders, check_geography, check_setup, raise_if
from judge.engine.position import Position
from judge.engine.rulebook import Rulebook
from judge.engine.rules import Rules
from judge.engine.turn import standard_handlers
from judge.engine.types import Phase, Unit, UnitKind

if TYPE_CHECKING:
    from judge.grammar.reader import OrderReader

CALENDARS = {"standard": STANDARD_CALENDAR}


@dataclass(frozen=True)
class PowerInfo:
    name: str
    adjective: str
    letter: str
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Stage:
    """A stage that opens a while before a phase's deadline and is announced to the players
    (Engineered's madman bidding opens 24 hours before it). `[[stages]]` in variant.toml."""

    name: str
    before: timedelta
    phase_kinds: frozenset[str]
    notice: str


@dataclass(frozen=True)
class Variant:
    name: str
    title: str
    rules: Rules
    start: Position
    powers: tuple[PowerInfo, ...]
    folder: Path
    # The variant's own settings (Secret/Stab Envoy, Engineered's madman...), read by its
    # hooks; `[options]` in variant.toml, overridden per game.
    options: Mapping[str, Any] = field(default_factory=dict)
    # Whether games of it can be created and played by mail; false while only the engine
    # knows the variant (it is still adjudicated by `judge adjudicate`).
    by_mail: bool = True
    # How order lines are read (judge/grammar/reader.py): None for the common notations;
    # a variant with its own notation sets a factory in its rules.py (docs/variants.md).
    reader: Callable[[Variant], OrderReader] | None = None
    stages: tuple[Stage, ...] = ()

    def power_names(self) -> dict[str, str]:
        """Every way to write a power (lower case) -> the power's id."""
        out: dict[str, str] = {}
        for p in self.powers:
            for alias in (p.name, p.adjective, *p.aliases):
                out[alias.lower()] = p.name
        return out


def variants_root() -> Path:
    """The variants that come with the judge."""
    return Path(__file__).resolve().parent.parent / "variants"


def variant_roots() -> list[Path]:
    """Where variants are looked for: the folders in JUDGE_VARIANTS (separated as in PATH),
    then the judge's own, so that a site adds its games without copying ours; the first
    folder that has a name wins."""
    extra = os.environ.get("JUDGE_VARIANTS", "")
    return [*(Path(p) for p in extra.split(os.pathsep) if p), variants_root()]


def available_variants() -> list[str]:
    return sorted({p.name for root in variant_roots() if root.is_dir()
                   for p in root.iterdir() if (p / "variant.toml").is_file()})


def load_variant(name: str) -> Variant:
    return _load_variant(name, tuple(variant_roots()))


@cache
def _load_variant(name: str, roots: tuple[Path, ...]) -> Variant:
    for root in roots:
        folder = root / name
        if (folder / "variant.toml").is_file():
            return load_variant_folder(folder)
    known = ", ".join(available_variants())
    raise KeyError(f"unknown variant {name!r} (known: {known})")


def load_variant_folder(folder: Path) -> Variant:
    with open(folder / "variant.toml", "rb") as f:
        spec = tomllib.load(f)
    map_dir = folder.parent / spec.get("map", folder.name)
    kinds = {code: _kind(code, k) for code, k in spec["units"].items()}
    provinces = read_provinces(map_dir / "provinces.csv")
    borders = read_borders(map_dir / "borders.csv")
    raise_if(check_borders({p.id: p for p in provinces}, borders), f"map {map_dir.name}")
    geo = Geography(provinces, borders, kinds)
    raise_if(check_geography(geo), f"map {map_dir.name}")
    powers = tuple(_power(p) for p in spec["powers"])
    start_units = [_unit(p["name"], u) for p in spec["powers"] for u in p.get("units", [])]
    raise_if(check_setup(geo, [p.name for p in powers], start_units), f"variant {folder.name}")
    variant = _assemble(spec, folder, geo, powers, start_units)
    return _apply_hooks(variant, folder)


def _assemble(spec: Mapping[str, Any], folder: Path, geo: Geography,
              powers: tuple[PowerInfo, ...], start_units: list[Unit]) -> Variant:
    homes = {p.name: frozenset(c.id for c in geo.provinces.values() if c.home == p.name)
             for p in powers}
    rulebook = _rulebook(spec, folder)
    rules = Rules(geo, tuple(p.name for p in powers), homes, rulebook,
                  CALENDARS[spec.get("calendar", "standard")], standard_handlers())
    start = Position(Phase.parse(spec["start_phase"]), tuple(start_units),
                     _start_owners(spec, geo, homes, folder))
    return Variant(spec["name"], spec.get("title", spec["name"]), rules, start, powers, folder,
                   dict(spec.get("options", {})), bool(spec.get("by_mail", True)),
                   stages=tuple(_stage(s) for s in spec.get("stages", ())))


def _stage(spec: Mapping[str, Any]) -> Stage:
    return Stage(spec["name"], timedelta(hours=float(spec["hours_before"])),
                 frozenset(spec.get("phases", ("M",))), spec["notice"].strip())


def _rulebook(spec: Mapping[str, Any], folder: Path) -> Rulebook:
    choices = dict(spec.get("rulebook", {}))
    known = {f.name for f in fields(Rulebook)}
    unknown = sorted(set(choices) - known)
    if unknown:
        raise MapError(f"variant {folder.name}: unknown [rulebook] settings {unknown}; "
                       f"the settings are {sorted(known)} (variant options go in [options])")
    return Rulebook(**choices, victory_centres=int(spec.get("victory_centres", 18)))


def _start_owners(spec: Mapping[str, Any], geo: Geography,
                  homes: Mapping[str, frozenset[str]], folder: Path) -> dict[str, str]:
    """Each power's `centres` when given (a home that is not owned, a centre owned at the
    start that is not a home), else its home centres."""
    owners = {c: power for power, cs in homes.items() for c in cs}
    for p in spec["powers"]:
        if "centres" not in p:
            continue
        owners = {c: o for c, o in owners.items() if o != p["name"]}
        for centre in p["centres"]:
            if centre not in geo.supply_centres:
                raise MapError(f"variant {folder.name}: {p['name']} starts owning {centre!r}, "
                               "which is not a supply centre")
            owners[centre] = p["name"]
    return owners


def _apply_hooks(variant: Variant, folder: Path) -> Variant:
    """A variant's rules.py may define `customise(variant) -> Variant` to replace hooks."""
    path = folder / "rules.py"
    if not path.is_file():
        return variant
    # The folder is loaded as a package, fresh each time, so that rules.py may import its
    # sibling modules (`from .control import ...`) and a second folder of the same name
    # never sees the first one's modules.
    package = f"judge_variant_{folder.name}"
    for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
        del sys.modules[name]
    parent = importlib.machinery.ModuleSpec(package, None, is_package=True)
    parent.submodule_search_locations = [str(folder)]
    sys.modules[package] = importlib.util.module_from_spec(parent)
    spec = importlib.util.spec_from_file_location(f"{package}.rules", path)
    if spec is None or spec.loader is None:
        raise MapError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    customised: Variant = module.customise(variant)
    return customised


def _kind(code: str, spec: Mapping[str, Any]) -> UnitKind:
    return UnitKind(
        code=code,
        name=spec["name"],
        graph=spec["graph"],
        terrains=frozenset(spec["terrains"]),
        convoyable=bool(spec.get("convoyable", False)),
        convoys_in=frozenset(spec.get("convoys_in", ())),
        layer=spec.get("layer", "main"),
        takes_centres=bool(spec.get("takes_centres", True)),
        stacks=bool(spec.get("stacks", False)),
        removal_priority=int(spec.get("removal_priority", 0)),
    )


def _power(spec: Mapping[str, Any]) -> PowerInfo:
    aliases = tuple(a.lower() for a in spec.get("aliases", ()))
    return PowerInfo(spec["name"], spec.get("adjective", spec["name"]), spec["letter"], aliases)


def _unit(power: str, text: str) -> Unit:
    kind, loc = text.split()
    return Unit(power, kind.upper(), loc.lower())


def read_provinces(path: Path) -> list[Province]:
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [
        Province(
            id=r["id"].strip().lower(),
            name=r["name"].strip(),
            terrain=r["terrain"].strip(),
            coasts=tuple(r["coasts"].split()),
            supply=int(r["supply"] or 0),
            home=r["home"].strip() or None,
            aliases=tuple(a.strip().lower() for a in r["aliases"].split(";") if a.strip()),
        )
        for r in rows
    ]


def read_borders(path: Path) -> list[Border]:
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [Border(r["a"].strip(), r["b"].strip(), frozenset(r["graphs"].split())) for r in rows]


def with_rulebook(variant: Variant, **choices: Any) -> Variant:
    """The same variant with some rule choices changed (a game's options)."""
    rules = replace(variant.rules, rulebook=replace(variant.rules.rulebook, **choices))
    return replace(variant, rules=rules)


def power_name(power: str) -> str:
    """A power's id as mail writes it: 'FRANCE' -> 'France'."""
    return power.title()


def power_rank(variant: Variant) -> dict[str, int]:
    """The variant's order of powers, the order every report and list gives them in."""
    return {p.name: i for i, p in enumerate(variant.powers)}
