"""Where variants come from: the folders under variants/ (and JUDGE_VARIANTS), each read
from its variant.toml and map files into a Variant record (judge/variant.py).

The loader validates what it reads (a bad map fails loudly, naming every problem) and then
runs the folder's hooks (judge/variant_hooks.py). docs/map-format.md describes the files;
docs/variants.md the hooks.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import fields, replace
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Any

from judge.engine.calendar import STANDARD_CALENDAR, Season, SeasonCalendar
from judge.engine.geo import Geography, MapError
from judge.engine.mapcheck import check_borders, check_geography, check_setup, raise_if
from judge.engine.position import Position
from judge.engine.rulebook import Rulebook
from judge.engine.rules import Rules
from judge.engine.turn import standard_handlers
from judge.engine.types import Phase, Unit, UnitKind
from judge.variant import PowerInfo, Stage, Variant
from judge.variant_hooks import apply_hooks
from judge.variant_map import (
    FORMER_FILE,
    borders_from_json,
    provinces_from_json,
    read_borders,
    read_former,
    read_provinces,
)

CALENDARS = {"standard": STANDARD_CALENDAR}


@cache
def variants_root() -> Path:
    """The variants that come with the judge (resolved once: every load_variant asks)."""
    return Path(__file__).resolve().parent.parent / "variants"


def variant_roots() -> list[Path]:
    """Where variants are looked for: the folders in JUDGE_VARIANTS (separated as in PATH),
    then the judge's own, so that a site adds its games without copying ours; the first
    folder that has a name wins."""
    extra = os.environ.get("JUDGE_VARIANTS", "")
    return [*(Path(p) for p in extra.split(os.pathsep) if p), variants_root()]


# os.environ's own dict, keyed by the encoded name: `os.environ.get` of an unset variable
# runs Mapping.get, __getitem__ and encodekey in Python and raises and catches a KeyError
# (about 1-2 us, `judge adjudicate` asks at every request: issue #18); a dict's get is C.
# os.environ writes through to it (monkeypatch.setenv too), so it is never stale.
_ENVIRON: Mapping[Any, Any] | None = getattr(os.environ, "_data", None)
_VARIANTS_KEY: Any = os.environ.encodekey("JUDGE_VARIANTS") \
    if hasattr(os.environ, "encodekey") else None


def _variants_variable() -> Any:
    """JUDGE_VARIANTS as os.environ keeps it (encoded), or None when unset: a cache key."""
    if _ENVIRON is None or _VARIANTS_KEY is None:
        return os.environ.get("JUDGE_VARIANTS")
    return _ENVIRON.get(_VARIANTS_KEY)


def available_variants() -> list[str]:
    return sorted({p.name for root in variant_roots() if root.is_dir()
                   for p in root.iterdir() if (p / "variant.toml").is_file()})


def load_variant(name: str) -> Variant:
    return _load_named(name, _variants_variable())


@cache
def _load_named(name: str, extra: Any) -> Variant:
    # Kept by the variable's text, hashed in C: `judge adjudicate` asks at every request,
    # and building and hashing the paths cost more than the rest (issue #18).
    return _load_variant(name, tuple(variant_roots()))


@cache
def _load_variant(name: str, roots: tuple[Path, ...]) -> Variant:
    for root in roots:
        folder = root / name
        if (folder / "variant.toml").is_file():
            return load_variant_folder(folder)
    known = ", ".join(available_variants())
    raise KeyError(f"unknown variant {name!r} (known: {known})")


def load_variant_folder(folder: Path, options: Mapping[str, Any] | None = None, seed: int = 0,
                        world: Mapping[str, Any] | None = None) -> Variant:
    """The variant in `folder`; with a game's `options` (those its `[options]` declares),
    `seed` and, when the variant made one for the game, its map (`world`)."""
    with open(folder / "variant.toml", "rb") as f:
        spec = tomllib.load(f)
    geo = _geography(spec, folder, world)
    # A game's map may bring its own powers (variant_map.py): a variant playable on other
    # maps takes theirs, in variant.toml's [[powers]] form.
    specs = (world or {}).get("powers") or spec["powers"]
    powers = tuple(_power(p) for p in specs)
    units = (world or {}).get("units") or {p["name"]: p.get("units", []) for p in specs}
    start_units = [_unit(power, u) for power, us in units.items() for u in us]
    raise_if(check_setup(geo, [p.name for p in powers], start_units), f"variant {folder.name}")
    variant = _assemble(spec, folder, geo, powers, start_units)
    chosen = {k: v for k, v in (options or {}).items() if k in variant.options}
    variant = replace(variant, options={**variant.options, **chosen}, seed=seed, world=world,
                      former=_former(spec, folder, world))
    return apply_hooks(variant, folder)


def _former(spec: Mapping[str, Any], folder: Path, world: Mapping[str, Any] | None
            ) -> tuple[Mapping[str, Any], ...]:
    """The map's former names: the game's own map's, else its folder's former.csv."""
    if world is not None:
        return tuple(world.get("former") or ())
    return tuple(read_former(_map_dir(spec, folder) / FORMER_FILE))


def _map_dir(spec: Mapping[str, Any], folder: Path) -> Path:
    return folder.parent / str(spec.get("map", folder.name))


def _geography(spec: Mapping[str, Any], folder: Path, world: Mapping[str, Any] | None
               ) -> Geography:
    """The folder's map, or the game's own: the same records, the same checks."""
    kinds = {code: _kind(code, k) for code, k in spec["units"].items()}
    if world is None:
        map_dir = _map_dir(spec, folder)
        where = f"map {map_dir.name}"
        provinces, borders = read_provinces(map_dir / "provinces.csv"), read_borders(
            map_dir / "borders.csv")
    else:
        where = f"variant {folder.name}: the game's map"
        provinces, borders = provinces_from_json(world), borders_from_json(world)
    raise_if(check_borders({p.id: p for p in provinces}, borders), where)
    geo = Geography(provinces, borders, kinds)
    raise_if(check_geography(geo), where)
    return geo


def _assemble(spec: Mapping[str, Any], folder: Path, geo: Geography,
              powers: tuple[PowerInfo, ...], start_units: list[Unit]) -> Variant:
    homes = {p.name: frozenset(c.id for c in geo.provinces.values() if c.home == p.name)
             for p in powers}
    rulebook = _rulebook(spec, folder)
    rules = Rules(geo, tuple(p.name for p in powers), homes, rulebook,
                  _calendar(spec), standard_handlers())
    start = Position(Phase.parse(spec["start_phase"]), tuple(start_units),
                     _start_owners(spec, geo, homes, folder))
    return Variant(spec["name"], spec.get("title", spec["name"]), rules, start, powers, folder,
                   dict(spec.get("options", {})), bool(spec.get("by_mail", True)),
                   stages=tuple(_stage(s) for s in spec.get("stages", ())),
                   seats_option=spec.get("seats_option"),
                   words={w: tuple(ks) for w, ks in spec.get("words", {}).items()})


def _stage(spec: Mapping[str, Any]) -> Stage:
    return Stage(spec["name"], timedelta(hours=float(spec["hours_before"])),
                 frozenset(spec.get("phases", ("M",))), spec["notice"].strip(),
                 bool(spec.get("holds", False)))


def _calendar(spec: Mapping[str, Any]) -> SeasonCalendar:
    """The named cycle, or the variant's own `[[seasons]]`, with the names of the variant's
    own phase kinds (`[phase_names]`)."""
    if "seasons" in spec:
        if spec.get("calendar", "seasons") != "seasons":
            raise MapError(f"variant {spec['name']}: [[seasons]] is its own calendar; "
                           f"calendar = {spec['calendar']!r} cannot name another")
        calendar = SeasonCalendar(tuple(_season(s) for s in spec["seasons"]))
    else:
        calendar = CALENDARS[spec.get("calendar", "standard")]
    names = spec.get("phase_names")
    return calendar.with_kind_names(names) if names else calendar


def _season(spec: Mapping[str, Any]) -> Season:
    """One `[[seasons]]` table: its code (the letters of its phase names), the name reports
    give it, its phase kinds in order, and whether centres change hands when it ends."""
    return Season(str(spec["code"]).upper(), str(spec["name"]),
                  tuple(str(k).upper() for k in spec["kinds"]),
                  bool(spec.get("takes_centres", False)))


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
        combines=bool(spec.get("combines", False)),
        removal_priority=int(spec.get("removal_priority", 0)),
        buildable=bool(spec.get("buildable", True)),
    )


def _power(spec: Mapping[str, Any]) -> PowerInfo:
    aliases = tuple(a.lower() for a in spec.get("aliases", ()))
    return PowerInfo(spec["name"], spec.get("adjective", spec["name"]), spec["letter"], aliases)


def _unit(power: str, text: str) -> Unit:
    kind, loc = text.split()
    return Unit(power, kind.upper(), loc.lower())
