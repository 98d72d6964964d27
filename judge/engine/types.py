"""Values of the glossary: unit kinds, units, phases."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from judge.engine.native import copied_by_fields

MOVEMENT = "M"
RETREAT = "R"
ADJUSTMENT = "A"

_PHASE_RE = re.compile(r"^([A-Z]+)(\d{1,5})([A-Z])$")


@dataclass(frozen=True, slots=True)
class UnitKind:
    """A kind of unit, as a variant declares it (army, fleet, diplomat, engineer...)."""

    code: str
    name: str
    graph: str
    terrains: frozenset[str]
    convoyable: bool = False
    convoys_in: frozenset[str] = field(default_factory=frozenset)
    # Units of different layers share provinces without effect on each other (Envoy's
    # diplomats beside armies and fleets); the standard resolver sees the main layer only.
    layer: str = "main"
    takes_centres: bool = True
    # Civil disorder tie-break (2023 rules: a fleet is removed before an army).
    removal_priority: int = 0
    # Several units of this kind and one power may share a province, moving and holding as
    # one with their summed strength (Envoy 5.v); a layer's handler decides what that means.
    combines: bool = False
    # Whether a build may make one; a kind only the rules make (an army aboard a fleet) is
    # never built, and a build that names no kind never asks about it.
    buildable: bool = True


PayloadValue = str | int | bool | None
Payload = tuple[tuple[str, "PayloadValue | Unit"], ...]


class Unit(NamedTuple):
    """A unit on the board. A NamedTuple: units are hashed and built on every phase's hot
    path, where a frozen dataclass's Python-level __hash__ and __init__ cost several times
    as much.

    `payload` is what a variant's unit carries, as (name, value) pairs sorted by name: an
    army aboard a fleet (1885-III's A/F: a Unit value), a captured engineer's captor and
    owner (Engineered), a decoy's disguise. The engine carries it wherever the unit goes
    and never reads it; standard units have none."""

    power: str
    kind: str
    loc: str
    payload: Payload = ()

    def __str__(self) -> str:
        return f"{self.kind} {self.loc}"

    def moved(self, loc: str) -> Unit:
        return Unit(self.power, self.kind, loc, self.payload)

    def carrying(self, **facts: PayloadValue | Unit) -> Unit:
        """The unit with these payload facts set (None removes one)."""
        merged = {**dict(self.payload), **facts}
        payload = tuple(sorted((k, v) for k, v in merged.items() if v is not None))
        return Unit(self.power, self.kind, self.loc, payload)

    def carried(self, name: str) -> PayloadValue | Unit:
        """One payload fact, None when the unit does not carry it."""
        return dict(self.payload).get(name)


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase name such as S1901M: season code, year, phase kind code.

    Season codes belong to the variant's calendar (S/F/W for the standard one); the kind
    code says which handler adjudicates it (M, R, A, or a variant's own).
    """

    year: int
    season: str
    kind: str

    @classmethod
    def parse(cls, text: str) -> Phase:
        match = _PHASE_RE.match(text.strip().upper())
        if not match:
            raise ValueError(f"not a phase name: {text!r} (expected e.g. S1901M)")
        season, year, kind = match.groups()
        return cls(int(year), season, kind)

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.kind}"


def province_of(loc: str) -> str:
    """The province of a location id: 'stp/sc' -> 'stp'."""
    slash = loc.find("/")
    return loc if slash < 0 else loc[:slash]


def coast_of(loc: str) -> str | None:
    slash = loc.find("/")
    return None if slash < 0 else loc[slash + 1 :]


copied_by_fields(UnitKind, Phase)
