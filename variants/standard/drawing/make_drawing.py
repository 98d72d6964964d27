"""Writes the standard map's drawing data from Martin Asal's SVG map (CC BY-SA 3.0 DE).

Standard library only. Reads the SVG (the shared reference copy, found in a parent folder's
`shared/reference/maps/standard/svg/`, or the path given) and ../provinces.csv, and writes
beside this script:

- places.csv: per province its fill class, unit anchor, label and its position, supply-centre
  marker position; per coast (stp/nc) its own unit anchor;
- shapes.csv: the outlines, one closed SVG path per row, with the fill each takes.

`--check` fails if the written files are not what it would write. See SOURCES.md.

    python variants/standard/drawing/make_drawing.py [--check] [SVG]
"""

from __future__ import annotations

import csv
import io
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = Path("shared/reference/maps/standard/svg/Diplomacy.martin-asal.svg")
# The SVG's classes: land, water, Switzerland's grey.
FILL_OF_CLASS = {"l": "land", "w": "sea", "s": "impassable"}
FILL_OF_TERRAIN = {"land": "land", "coast": "land", "sea": "sea", "impassable": "impassable"}
PLACE_FIELDS = ["id", "fill", "unit_x", "unit_y", "label", "label_x", "label_y",
                "centre_x", "centre_y"]
Point = tuple[int, int]


def find_source() -> Path:
    for parent in HERE.parents:
        if (parent / SOURCE).is_file():
            return parent / SOURCE
    raise SystemExit(f"cannot find {SOURCE} above {HERE}; give its path")


def entities(text: str) -> dict[str, Point]:
    """The DTD's named points: a province's unit anchor (`Ankara`), its supply centre
    (`scAnkara`), a coast's anchor (`Spain__nc`)."""
    found = re.findall(r'<!ENTITY\s+(\S+)\s+"(-?\d+),(-?\d+)">', text)
    return {name: (int(x), int(y)) for name, x, y in found}


def svg_root(text: str) -> ET.Element:
    body = re.sub(r"<!DOCTYPE.*?\]>", "", text, flags=re.S)
    body = re.sub(r"&\w+;", "0,0", body)  # entity uses are read from the DTD, not here
    return ET.fromstring(body.encode("latin-1"))


def norm(name: str) -> str:
    return re.sub(r"\s*\(\w\w\)$", "", name.replace("_", " ")).strip().lower()


def points(text: str) -> list[Point]:
    nums = [int(n) for n in re.findall(r"-?\d+", text)]
    return list(zip(nums[0::2], nums[1::2], strict=True))


def ring(pts: list[Point]) -> str:
    return "M" + " ".join(f"{x},{y}" for x, y in pts) + "Z"


def chain(lines: list[list[Point]]) -> list[Point]:
    """A province split by coast (Bulgaria, Spain, St Petersburg) is drawn as open
    polylines that share their ends: joined, they are the province's outline."""
    out = list(lines[0])
    rest = [list(line) for line in lines[1:]]
    while rest:
        line = min(rest, key=lambda ln: _gap(out[-1], ln[0]))
        rest.remove(line)
        out.extend(line[1:] if line[0] == out[-1] else line)
    return out


def _gap(a: Point, b: Point) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def read_provinces() -> list[dict[str, str]]:
    with open(HERE.parent / "provinces.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


class Province:
    def __init__(self, row: dict[str, str]) -> None:
        self.row = row
        self.own = FILL_OF_TERRAIN[row["terrain"]]
        self.shapes: list[tuple[int, str, str]] = []  # (order in the SVG, fill, path)
        self.coast_lines: list[list[Point]] = []
        self.coast_order = 0
        self.label: tuple[str, int, int] | None = None


def read_groups(root: ET.Element, by_name: dict[str, Province]) -> None:
    """Each `<g title="Province">` of the map: its outlines and its label. A shape of the
    province's own class takes the province's fill (its owner's colour); another (the
    Bosphorus in Constantinople, an island in a sea) keeps its class's fill. The SVG's order
    is kept: the North Sea's rough outline lies under Britain and the coasts drawn later."""
    for order, group in enumerate(root.iter("{http://www.w3.org/2000/svg}g")):
        title = group.get("title")
        if title is None or norm(title) not in by_name:
            continue
        prov = by_name[norm(title)]
        for shape in group:
            tag = shape.tag.rsplit("}", 1)[-1]
            fill = FILL_OF_CLASS.get(shape.get("class", ""), "")
            fill = "own" if fill == prov.own else fill
            if tag == "polyline":
                prov.coast_lines.append(points(shape.get("points", "")))
                prov.coast_order = order
            elif tag == "polygon":
                prov.shapes.append((order, fill, ring(points(shape.get("points", "")))))
            elif tag == "path":
                prov.shapes.append((order, fill, shape.get("d", "")))
            elif tag == "text":
                prov.label = (shape.text or "", int(shape.get("x", 0)), int(shape.get("y", 0)))
        # the SVG's second layers (centres, units) are titled too but hold only <use>


def place_rows(provs: list[Province], points_: dict[str, Point]) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for prov in provs:
        key = prov.row["name"].replace(" ", "_")
        if prov.label is None:
            raise SystemExit(f"no label for {prov.row['id']}")
        text, lx, ly = prov.label
        unit = points_[key]
        centre = points_.get("sc" + key)
        rows.append({"id": prov.row["id"], "fill": prov.own, "unit_x": str(unit[0]),
                     "unit_y": str(unit[1]), "label": text, "label_x": str(lx),
                     "label_y": str(ly), "centre_x": str(centre[0]) if centre else "",
                     "centre_y": str(centre[1]) if centre else ""})
        for coast in prov.row["coasts"].split():
            x, y = points_[f"{key}__{coast}"]
            rows.append({"id": f"{prov.row['id']}/{coast}", "unit_x": str(x),
                         "unit_y": str(y)})
    return rows


def shape_rows(provs: list[Province]) -> list[dict[str, str]]:
    shapes: list[tuple[int, str, str, str]] = []
    for prov in provs:
        if prov.coast_lines:
            shapes.append((prov.coast_order, prov.row["id"], "own",
                           ring(chain(prov.coast_lines))))
        shapes.extend((order, prov.row["id"], fill, d) for order, fill, d in prov.shapes)
    # sorted() is stable: a province's shapes keep their order within its group
    return [{"id": i, "fill": fill, "d": d} for _, i, fill, d in sorted(shapes,
                                                                         key=lambda s: s[0])]


def as_csv(fields: list[str], rows: list[dict[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fields, lineterminator="\n", restval="")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def build(source: Path) -> dict[str, str]:
    text = source.read_text(encoding="latin-1")
    provs = [Province(row) for row in read_provinces()]
    by_name = {p.row["name"].lower(): p for p in provs}
    read_groups(svg_root(text), by_name)
    missing = [p.row["id"] for p in provs if not p.shapes and not p.coast_lines]
    if missing:
        raise SystemExit(f"no outline for {missing}")
    return {"places.csv": as_csv(PLACE_FIELDS, place_rows(provs, entities(text))),
            "shapes.csv": as_csv(["id", "fill", "d"], shape_rows(provs))}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    paths = [a for a in argv if not a.startswith("--")]
    files = build(Path(paths[0]) if paths else find_source())
    stale = [n for n, t in files.items() if (HERE / n).read_text(encoding="utf-8") != t] \
        if check else []
    if not check:
        for name, content in files.items():
            (HERE / name).write_text(content, encoding="utf-8")
    if stale:
        print(f"out of date: {stale}; run make_drawing.py", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
