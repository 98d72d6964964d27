"""A variant's map as data: the folder's provinces.csv and borders.csv, or the same rows as
JSON when the map is made for one game (a master's maze, a generated world).

Both forms give the same records, and the loader checks them the same way. The JSON form:

    {"provinces": [{"id": "a", "name": "Alpha", "terrain": "land", "coasts": [],
                    "supply": 1, "home": "NORTH", "aliases": []}, ...],
     "borders": [{"a": "a", "b": "b", "graphs": ["army"]}, ...],
     "units": {"NORTH": ["A a"], ...}}

A province's `holds` and `stands` are optional, as the csv's columns. `units` is optional:
without it the powers start as variant.toml says. So is `powers`, a
list of tables as variant.toml's [[powers]] (name, adjective, letter, aliases, units): the
powers of the game's map in place of the variant's own (a game of a variant played on
another variant's map).
"""

from __future__ import annotations

import csv
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from judge.engine.geo import Border, MapError, Province

# A map folder's names for places it no longer has (docs/map-format.md).
FORMER_FILE = "former.csv"


def read_former(path: Path) -> list[dict[str, Any]]:
    """A map folder's former names in the JSON form a game's map keeps ("former": name,
    spellings, the places that replaced it); none without the file."""
    if not path.is_file():
        return []
    with open(path, newline="", encoding="utf-8") as f:
        return [{"name": row["name"], "spellings": [s for s in row["spellings"].split(";") if s],
                 "now": row["now"].split()} for row in csv.DictReader(f)]


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
            holds=frozenset((r.get("holds") or "").upper().split()),
            stands=frozenset((r.get("stands") or "").upper().split()),
        )
        for r in rows
    ]


def province_to_json(p: Province) -> dict[str, Any]:
    """A province as a row of the JSON form, which `provinces_from_json` reads back: the one
    place that knows how each field is written (a set as a sorted list)."""
    row = asdict(p)
    row.update(coasts=list(p.coasts), aliases=list(p.aliases), holds=sorted(p.holds),
               stands=sorted(p.stands))
    return row


def read_borders(path: Path) -> list[Border]:
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [Border(r["a"].strip(), r["b"].strip(), frozenset(r["graphs"].split())) for r in rows]


def provinces_from_json(world: Mapping[str, Any]) -> list[Province]:
    return [
        Province(
            id=str(p["id"]).strip().lower(),
            name=str(p.get("name", p["id"])),
            terrain=str(p["terrain"]),
            coasts=tuple(p.get("coasts", ())),
            supply=int(p.get("supply", 0)),
            home=p.get("home") or None,
            aliases=tuple(str(a).lower() for a in p.get("aliases", ())),
            holds=frozenset(str(k).upper() for k in p.get("holds", ())),
            stands=frozenset(str(k).upper() for k in p.get("stands", ())),
        )
        for p in _rows(world, "provinces")
    ]


def borders_from_json(world: Mapping[str, Any]) -> list[Border]:
    return [Border(str(b["a"]), str(b["b"]), frozenset(b["graphs"]))
            for b in _rows(world, "borders")]


def _rows(world: Mapping[str, Any], key: str) -> Sequence[Mapping[str, Any]]:
    rows = world.get(key)
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise MapError(f"a game's map needs {key!r}: a list of objects")
    return rows


def map_digest(world: Mapping[str, Any]) -> str:
    """The map's identity: a digest of its canonical JSON (key order does not count)."""
    text = json.dumps(world, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
