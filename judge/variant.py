"""Variants: one folder of data under variants/, plus an optional rules.py of hooks.

The loader reads the folder, validates it (a bad map fails loudly, naming every problem)
and returns a Variant record: the engine's Rules, the start position and the names players
use. docs/map-format.md describes the files; docs/variants.md the hooks.
"""

from __future__ import annotations

import os
import random
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.attachment import Attachment
from judge.engine.calendar import STANDARD_CALENDAR, Season, SeasonCalendar
from judge.engine.geo import Geography, MapError
from judge.engine.mapcheck import check_borders, check_geography, check_setup, raise_if
from judge.engine.position import Position
from judge.engine.rulebook import Rulebook
from judge.engine.rules import Rules
from judge.engine.turn import TurnResult, standard_handlers
from judge.engine.types import Phase, Unit, UnitKind
from judge.engine.visibility import Seen, Viewer
from judge.variant_hooks import apply_hooks
from judge.variant_map import borders_from_json, provinces_from_json
from judge.variant_map import read_borders as read_borders
from judge.variant_map import read_provinces as read_provinces

if TYPE_CHECKING:
    from judge.engine.questions import Question
    from judge.grammar.reader import OrderReader

CALENDARS = {"standard": STANDARD_CALENDAR}
# Each player's ranked powers (every power, the short lists completed in the variant's
# order), a random source, the powers -> each player's power.
Allocate = Callable[[Mapping[str, Sequence[str]], random.Random, Sequence[str]],
                    dict[str, str]]


def deal_by_rank(preferences: Mapping[str, Sequence[str]], powers: Sequence[str],
                 rng: random.Random) -> dict[str, str]:
    """The classic deal: rank by rank, each player (in an order drawn by lot) gets the
    best-ranked of `powers` still free; powers left over go by lot to players whose wishes
    were all taken. With fewer powers than players, the last drawn get none."""
    order = list(preferences)
    rng.shuffle(order)
    free = list(powers)
    given: dict[str, str] = {}
    for rank in range(len(free)):
        for player in order:
            wanted = preferences[player]
            if player not in given and rank < len(wanted) and wanted[rank] in free:
                given[player] = wanted[rank]
                free.remove(given[player])
    rng.shuffle(free)
    for player in order:
        if player not in given and free:
            given[player] = free.pop()
    return {player: given[player] for player in preferences if player in given}


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
    # `holds = true`: once the stage has opened with a player late, the turn waits for its
    # deadline even when every order comes in (the stage is the others' time to act).
    holds: bool = False
    # What the notice adds for the game at hand: (variant, position, late powers) -> text
    # (the madman's units up for bids), set by the variant's customise; None: nothing.
    describe: Callable[[Variant, Position, tuple[str, ...]], str] | None = None


@dataclass(frozen=True)
class ReportSection:
    """A part of the turn report a variant adds (docs/variants.md, "Report sections").

    `build(variant, turn, viewer, seen)` makes the section's view from what `viewer` may
    know of `turn` (`seen`: its visibility's projection), or None when it has nothing to
    tell that reader; the template `template`, in the variant's template folder, writes the
    view (named `section`) at `slot`, one of the report frame's places (judge/reports/
    sections.py). Sections of one slot come in the order the variant declares them.
    `files(variant, view)`: the files the report carries for that view (a map picture),
    sent after its text."""

    slot: str
    template: str
    build: Callable[[Variant, TurnResult, Viewer, Sequence[Seen]], object | None]
    files: Callable[[Variant, Any], Sequence[Attachment]] | None = None


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
    # Questions put to the game's observers (rn45 F1's audience vote), by the board of the
    # turn: they answer with POLL, and the most-voted answer reaches the handlers
    # (judge/game/polls.py). None: no polls.
    polls: Callable[[Variant, Position], Sequence[Question]] | None = None
    # Whether the players may end the game in a draw (False: a prize game, rn45 F4).
    draws: bool = True
    # Whether the game keeps its players' names from everyone but its master until it is
    # over (LIST, SUMMARY): players know one another only by their powers (rn45 F2).
    names_hidden: bool = False
    # The `[options]` key that says how many players a game takes when fewer than its
    # powers play (variant.toml `seats_option`); the start state then lists the powers
    # played under the same key. None: one player per power.
    seats_option: str | None = None
    # The variant's own spellings of the order words, by word (`[words]` in variant.toml:
    # build = ["place"]), which the common grammar reads beside its own.
    words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    sections: tuple[ReportSection, ...] = ()  # what its reports tell beyond the common frame
    # Who gets which power from the players' preference lists (Envoy rule 2); None: the
    # classic deal by rank and lot (judge/game/allocation.py). Set by `customise`.
    allocate: Allocate | None = None
    # The game's seed, chosen when it was created (0 for the variant as its folder gives
    # it): what `make_map` and the variant's own draws start from.
    seed: int = 0
    # The game's own map as `make_map` made it (None: the folder's), for hooks that keep
    # more in it than provinces and borders (a numbering of the borders, say).
    world: Mapping[str, Any] | None = None
    # How one reader's picture is drawn when the map is made for each game: given the
    # folder's drawing (judge.pictures.drawing.Drawing: colours, symbols), the reader's
    # board and his viewer, the Drawing to render, with the places and outlines he may
    # see. None: the folder's drawing as it is. Set by `customise`.
    drawing: Callable[[Variant, Any, Position, Viewer], Any] | None = None
    # What a seat's start notice tells beyond the common frame, from the board the first
    # phase opens on and the seat's viewer (Algernon: a player's homes and their portals,
    # rule 4). None: nothing more. Set by `customise`.
    start_words: Callable[[Variant, Position, Viewer], Sequence[str]] | None = None

    def powers_in_play(self) -> list[str]:
        """The powers a game of this variant plays, in its order: those its map (the
        game's own, `world`) gives homes or units at the start. A map made for a game's
        number of players declares fewer than the variant; a power nobody plays that
        holds homes still counts."""
        start = {u.power for u in self.start.units}
        return [p.name for p in self.powers if self.rules.homes.get(p.name) or p.name in start]

    def power_names(self) -> dict[str, str]:
        """Every way to write a power (lower case) -> the power's id."""
        out: dict[str, str] = {}
        for p in self.powers:
            for alias in (p.name, p.adjective, *p.aliases):
                out[alias.lower()] = p.name
        return out


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
    variant = replace(variant, options={**variant.options, **chosen}, seed=seed, world=world)
    return apply_hooks(variant, folder)


def _geography(spec: Mapping[str, Any], folder: Path, world: Mapping[str, Any] | None
               ) -> Geography:
    """The folder's map, or the game's own: the same records, the same checks."""
    kinds = {code: _kind(code, k) for code, k in spec["units"].items()}
    if world is None:
        map_dir = folder.parent / spec.get("map", folder.name)
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
