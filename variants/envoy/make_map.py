"""Writes Envoy's map: the standard map plus the diplomats' spaces and borders (rule 5).

Standard library only; reads ../standard/*.csv and writes provinces.csv, borders.csv and
countries.csv (each country space's provinces, read by rules.py) beside this script.
`--table` prints the diplomat map as the Markdown table pasted into docs/variants/envoy.md;
`--check` fails if the written files are not what it would write.

    python variants/envoy/make_map.py [--table | --check]
"""

from __future__ import annotations

import csv
import io
import sys
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent
STANDARD = HERE.parent / "standard"

# The great powers' home territories (rule 5.ii): the coloured regions of the 1971 board.
# Ids avoid the provinces' (`eng` is the English Channel); see SOURCES.md.
COUNTRIES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "aus": ("Austria", "AUSTRIA", ("vie", "bud", "tri", "boh", "gal", "tyr")),
    "engl": ("England", "ENGLAND", ("lon", "edi", "lvp", "wal", "yor", "cly")),
    "fra": ("France", "FRANCE", ("bre", "par", "mar", "pic", "gas", "bur")),
    "ger": ("Germany", "GERMANY", ("kie", "ber", "mun", "pru", "sil", "ruh")),
    "ita": ("Italy", "ITALY", ("ven", "rom", "nap", "pie", "tus", "apu")),
    "rus": ("Russia", "RUSSIA", ("mos", "stp", "war", "sev", "ukr", "lvn", "fin")),
    "tur": ("Turkey", "TURKEY", ("con", "ank", "smy", "arm", "syr")),
}
# Rule 5.iii: no space for diplomats; the spaces around each one border each other.
VANISHED = ("nth", "adr", "aeg")
PROVINCE_FIELDS = ["id", "name", "terrain", "coasts", "supply", "home", "aliases"]


def read(name: str) -> list[dict[str, str]]:
    with open(STANDARD / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def space_of(provinces: list[dict[str, str]]) -> dict[str, str]:
    """Every province -> the diplomat space it belongs to (its country, or itself)."""
    out = {p["id"]: p["id"] for p in provinces if p["terrain"] != "impassable"}
    for country, (_, _, members) in COUNTRIES.items():
        out.update(dict.fromkeys(members, country))
    for sea in VANISHED:
        del out[sea]
    return out


def check_countries(provinces: list[dict[str, str]], borders: list[dict[str, str]]) -> None:
    """Each territory holds exactly its power's home centres (the standard `home` column),
    territories do not overlap, and each is connected by army borders."""
    by_id = {p["id"]: p for p in provinces}
    seen: set[str] = set()
    army = [(b["a"], b["b"]) for b in borders if "army" in b["graphs"].split()]
    for country, (_, power, members) in COUNTRIES.items():
        homes = {p["id"] for p in provinces if p["home"] == power}
        centres = {m for m in members if by_id[m]["home"]}
        assert centres == homes, f"{country}: home centres {sorted(homes)}, got {sorted(centres)}"
        assert not seen & set(members), f"{country} overlaps another territory"
        seen |= set(members)
        reached, todo = {members[0]}, [members[0]]
        while todo:
            here = todo.pop()
            for a, b in army:
                for x, y in ((a, b), (b, a)):
                    if x == here and y in members and y not in reached:
                        reached.add(y)
                        todo.append(y)
        assert reached == set(members), f"{country} is not connected: {sorted(reached)}"


def diplomat_borders(provinces: list[dict[str, str]],
                     borders: list[dict[str, str]]) -> set[frozenset[str]]:
    """Pairs of diplomat spaces: any standard border, folded to spaces (5.i, 5.ii), plus
    every two spaces around one vanished sea (5.iii)."""
    space = space_of(provinces)
    around: dict[str, set[str]] = {sea: set() for sea in VANISHED}
    pairs: set[frozenset[str]] = set()
    for b in borders:
        a, c = b["a"].split("/")[0], b["b"].split("/")[0]
        for sea, other in ((a, c), (c, a)):
            if sea in around and other in space:
                around[sea].add(space[other])
        if a in space and c in space and space[a] != space[c]:
            pairs.add(frozenset((space[a], space[c])))
    for spaces in around.values():
        pairs.update(frozenset(p) for p in combinations(sorted(spaces), 2))
    return pairs


def envoy_provinces(provinces: list[dict[str, str]]) -> list[dict[str, str]]:
    rows = [dict(p) for p in provinces]
    for country, (name, _, _) in COUNTRIES.items():
        rows.append({"id": country, "name": name, "terrain": "country", "coasts": "",
                     "supply": "0", "home": "", "aliases": ""})
    return sorted(rows, key=lambda r: r["id"])


def envoy_borders(provinces: list[dict[str, str]],
                  borders: list[dict[str, str]]) -> list[dict[str, str]]:
    """The standard rows, with `diplomat` added to a row joining two diplomat spaces, and
    a `diplomat` row for every other pair (a border is listed once, whatever its graphs)."""
    pairs = diplomat_borders(provinces, borders)
    rows = []
    for b in borders:
        pair = frozenset((b["a"], b["b"]))
        graphs = b["graphs"]
        if pair in pairs:
            graphs += " diplomat"
            pairs.discard(pair)
        rows.append({"a": b["a"], "b": b["b"], "graphs": graphs})
    rows += [{"a": a, "b": b, "graphs": "diplomat"} for a, b in (sorted(p) for p in pairs)]
    return sorted(rows, key=lambda r: (r["a"], r["b"]))


def to_csv(rows: list[dict[str, str]], fields: list[str]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def table(provinces: list[dict[str, str]], borders: list[dict[str, str]]) -> str:
    names = {p["id"]: p["name"] for p in provinces}
    names.update({c: spec[0] for c, spec in COUNTRIES.items()})
    near: dict[str, set[str]] = {}
    for pair in diplomat_borders(provinces, borders):
        a, b = sorted(pair)
        near.setdefault(a, set()).add(b)
        near.setdefault(b, set()).add(a)
    lines = ["| space | name | neighbours |", "|---|---|---|"]
    order = sorted(near, key=lambda s: (s not in COUNTRIES, s))
    for s in order:
        cells = ", ".join(f"{n}" for n in sorted(near[s]))
        lines.append(f"| `{s}` | {names[s]} | {cells} |")
    return "\n".join(lines) + "\n"


def outputs() -> dict[str, str]:
    provinces, borders = read("provinces.csv"), read("borders.csv")
    check_countries(provinces, borders)
    return {
        "provinces.csv": to_csv(envoy_provinces(provinces), PROVINCE_FIELDS),
        "borders.csv": to_csv(envoy_borders(provinces, borders), ["a", "b", "graphs"]),
        "countries.csv": to_csv(
            [{"space": c, "power": power, "provinces": " ".join(members)}
             for c, (_, power, members) in COUNTRIES.items()], ["space", "power", "provinces"]),
    }


def main(argv: list[str]) -> int:
    if "--table" in argv:
        sys.stdout.write(table(read("provinces.csv"), read("borders.csv")))
        return 0
    for name, text in outputs().items():
        path = HERE / name
        if "--check" in argv:
            if path.read_text(encoding="utf-8") != text:
                print(f"{path} is out of date: run {Path(__file__).name}", file=sys.stderr)
                return 1
        else:
            path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
