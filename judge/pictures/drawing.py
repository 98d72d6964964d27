"""A variant's drawing: the data in `variants/<map>/drawing/` that the renderer draws from.

The folder holds drawing.toml (canvas, colours, unit symbols, layer offsets), places.csv
(per location: fill class, unit anchor, label, supply-centre marker) and shapes.csv (the
outlines). A drawing may name a `base` (another map's drawing folder) and add to it: Envoy
draws the standard map plus its country spaces. docs/pictures.md describes the format.
"""

from __future__ import annotations

import csv
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from judge.engine.types import province_of
from judge.variant import Variant

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Place:
    id: str
    fill: str
    unit: Point
    label: str = ""
    label_at: Point | None = None
    centre_at: Point | None = None


@dataclass(frozen=True, slots=True)
class Shape:
    province: str
    fill: str  # "own": the province's fill (its owner's tint); else a fill class
    d: str


@dataclass(frozen=True, slots=True)
class Colours:
    unit: str
    land: str


@dataclass(frozen=True, slots=True)
class Drawing:
    canvas: Mapping[str, Any]
    fills: Mapping[str, str]
    powers: Mapping[str, Colours]
    symbols: Mapping[str, str]  # unit kind code -> SVG path data
    places: Mapping[str, Place]
    shapes: tuple[Shape, ...]
    layers: Mapping[str, Mapping[str, Any]]  # a unit layer's offset and step
    dislodged_offset: Point

    def anchor(self, loc: str) -> Point | None:
        """Where a unit at this location stands: the coast's own anchor, else its
        province's."""
        place = self.places.get(loc) or self.places.get(province_of(loc))
        return None if place is None else place.unit

    def layer_anchor(self, loc: str, layer: str) -> Point | None:
        """Where the first unit of a layer stands: a layer other than the main one (Envoy's
        diplomats) is drawn at its offset from the location's anchor."""
        anchor = self.anchor(loc)
        dx, dy = self.layers.get(layer, {}).get("offset", [0, 0])
        return None if anchor is None else (anchor[0] + dx, anchor[1] + dy)

    def colour(self, power: str) -> Colours:
        return self.powers.get(power, Colours(self.canvas["ink"], self.fills["land"]))


def drawing_folder(variant: Variant) -> Path:
    """A variant is drawn from its map's folder (variant.toml `map`), as it is played on
    it: a variant on another's map shares its drawing, unless it names its own folder
    (`drawing`: a variant whose units need symbols of their own on another's map)."""
    return _drawing_folder(variant.folder)


@lru_cache(maxsize=64)
def _drawing_folder(folder: Path) -> Path:
    # Read once per folder: every picture of a turn asked, each parsing variant.toml.
    with open(folder / "variant.toml", "rb") as f:
        spec = tomllib.load(f)
    name = spec.get("drawing", spec.get("map", folder.name))
    return folder.parent / str(name) / "drawing"


def has_drawing(variant: Variant) -> bool:
    """Whether the variant's map has a drawing: a game without one is mailed no picture."""
    return (drawing_folder(variant) / "drawing.toml").is_file()


def load_drawing(variant: Variant) -> Drawing:
    return _load(drawing_folder(variant))


@cache
def _load(folder: Path) -> Drawing:
    spec, places, shapes = _read_chain(folder)
    layers = spec.get("layers", {})
    return Drawing(spec["canvas"], spec["fills"],
                   {p: Colours(c["unit"], c["land"]) for p, c in spec["powers"].items()},
                   {k: u["symbol"] for k, u in spec["units"].items()},
                   places, tuple(shapes), layers,
                   _point(spec.get("dislodged", {}).get("offset", [8, -8])))


def _read_chain(folder: Path) -> tuple[dict[str, Any], dict[str, Place], list[Shape]]:
    """This drawing over its base's: settings merged, places replaced by id, shapes added."""
    with open(folder / "drawing.toml", "rb") as f:
        spec = tomllib.load(f)
    if "base" in spec:
        base, places, shapes = _read_chain(folder.parent.parent / spec["base"] / "drawing")
        spec = _merge(base, spec)
    else:
        places, shapes = {}, []
    places.update(_places(folder / "places.csv"))
    shapes.extend(_shapes(folder / "shapes.csv"))
    return spec, places, shapes


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        both = isinstance(value, Mapping) and isinstance(out.get(key), Mapping)
        out[key] = _merge(out[key], value) if both else value
    return out


def _places(path: Path) -> dict[str, Place]:
    if not path.is_file():
        return {}
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return {r["id"]: Place(r["id"], r["fill"], (float(r["unit_x"]), float(r["unit_y"])),
                           r["label"], _optional(r, "label"), _optional(r, "centre"))
            for r in rows}


def _optional(row: Mapping[str, str], name: str) -> Point | None:
    x, y = row.get(f"{name}_x", ""), row.get(f"{name}_y", "")
    return (float(x), float(y)) if x and y else None


def _shapes(path: Path) -> list[Shape]:
    if not path.is_file():
        return []
    with open(path, newline="", encoding="utf-8") as f:
        return [Shape(r["id"], r["fill"], r["d"]) for r in csv.DictReader(f)]


def _point(value: list[float]) -> Point:
    return (float(value[0]), float(value[1]))
