"""Writes the 1885-III schematic (places.csv, shapes.csv) and the clockwise order of every
province's neighbours (../clockwise.csv) from nodes.csv and the map (../provinces.csv,
../borders.csv). `--check` only compares, and fails when a file differs or when two provinces
that do not border each other would be drawn touching.

No faithful drawing of the 1885-III board can be made here (docs/variants/1885-iii.md), so
the picture is a schematic: each province a disc at its node (nodes.csv: roughly where it
lies on a map of Europe) with an arm out to every neighbour, the two arms meeting half way,
so that neighbours visibly touch and nothing else does. The High Ocean Box is a band along
the western and southern edges, reached by its neighbours' arms, as the rules' map shows it.

The clockwise order is read from the same nodes, so the order in which a province's arms
leave it in the picture is the order Just's Right-Hand Rule walks (Retreats and Removals a).

    python variants/1885/drawing/make_drawing.py [--check]
"""

from __future__ import annotations

import csv
import io
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAP = HERE.parent
BOX = "hob"                 # the High Ocean Box: drawn as the band, not as a node
WIDTH, HEIGHT = 1300.0, 1000.0
BAND = 26.0                 # the band's breadth
BAND_TOP = 150.0            # where the western band starts
RADIUS = {"sea": 18.0, "land": 15.0}
HALF = 5.0                  # half the breadth of an arm
GAP = 1.5                   # the least room between shapes of provinces that do not border
ROOM = 40.0                 # the least distance between two nodes, so units stand apart

Point = tuple[float, float]
Capsule = tuple[Point, Point, float]    # a segment thickened by a radius


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def nodes() -> dict[str, Point]:
    return {r["id"]: (float(r["x"]), float(r["y"])) for r in read_csv(HERE / "nodes.csv")}


def provinces() -> dict[str, dict[str, str]]:
    return {r["id"]: r for r in read_csv(MAP / "provinces.csv")}


def neighbours() -> dict[str, set[str]]:
    """Each province's neighbours, in any graph, coasts folded into their province."""
    out: dict[str, set[str]] = {}
    for r in read_csv(MAP / "borders.csv"):
        a, b = (r[k].split("/")[0] for k in ("a", "b"))
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def fill(row: dict[str, str]) -> str:
    return "sea" if row["terrain"] == "sea" else "land"


def band_edge(at: Point) -> Point:
    """Where an arm from `at` meets the band: straight west or straight south, whichever is
    nearer."""
    x, y = at
    return (BAND, y) if x - BAND <= HEIGHT - BAND - y else (x, HEIGHT - BAND)


def tip(a: str, b: str, at: dict[str, Point]) -> Point:
    """Where a's arm towards b ends: half way, or at the band for the Box."""
    if b == BOX:
        return band_edge(at[a])
    if a == BOX:
        return band_edge(at[b])
    (ax, ay), (bx, by) = at[a], at[b]
    return ((ax + bx) / 2, (ay + by) / 2)


def bearing(origin: Point, to: Point) -> float:
    """Degrees clockwise from north (up the page)."""
    return math.degrees(math.atan2(to[0] - origin[0], origin[1] - to[1])) % 360


def clockwise(a: str, near: set[str], at: dict[str, Point]) -> list[str]:
    """a's neighbours clockwise, starting from the first at or after north. The Box's are
    taken along the band, from its northern end round to its eastern end: its units are
    never dislodged (High Ocean Box Rules), so no retreat walks its order."""
    if a == BOX:
        return sorted(near, key=lambda b: (_along_band(tip(a, b, at)), b))
    return sorted(near, key=lambda b: (bearing(at[a], tip(a, b, at)), b))


def _along_band(point: Point) -> float:
    x, y = point
    return y - BAND_TOP if x <= BAND else HEIGHT - BAND - BAND_TOP + x


def outline(a: str, near: set[str], at: dict[str, Point], radius: float) -> str:
    """The disc with its arms as one closed path: round the centre, each arm out to its tip
    and back, the disc's rim (or the arms' meeting point) between arms."""
    c = at[a]
    points: list[Point] = []
    order = clockwise(a, near, at)
    for i, b in enumerate(order):
        t, nxt = tip(a, b, at), tip(a, order[(i + 1) % len(order)], at)
        angle = math.atan2(t[1] - c[1], t[0] - c[0])
        normal = (-math.sin(angle), math.cos(angle))
        points += [(t[0] - HALF * normal[0], t[1] - HALF * normal[1]),
                   (t[0] + HALF * normal[0], t[1] + HALF * normal[1])]
        gap = (math.atan2(nxt[1] - c[1], nxt[0] - c[0]) - angle) % (2 * math.pi) or 2 * math.pi
        reach = min(math.dist(c, t), math.dist(c, nxt))
        points += rim(c, radius, angle, gap, reach)
    return path(points)


def rim(c: Point, radius: float, start: float, gap: float, reach: float) -> list[Point]:
    """The outline between two arms `gap` radians apart: along the disc's rim, or where the
    arms' sides cross when they are too close for the rim to show (no further out than
    the shorter arm reaches)."""
    half = math.asin(HALF / radius)
    if gap <= 2 * half:
        return [_polar(c, min(HALF / math.sin(gap / 2), reach), start + gap / 2)]
    steps = max(1, math.ceil((gap - 2 * half) / math.radians(20)))
    return [_polar(c, radius, start + half + (gap - 2 * half) * k / steps)
            for k in range(steps + 1)]


def _polar(c: Point, r: float, angle: float) -> Point:
    return (c[0] + r * math.cos(angle), c[1] + r * math.sin(angle))


def path(points: list[Point]) -> str:
    return "M" + " ".join(f"{x:.1f},{y:.1f}" for x, y in points) + "Z"


def band_outline() -> str:
    right = WIDTH
    return path([(0, BAND_TOP), (BAND, BAND_TOP), (BAND, HEIGHT - BAND),
                 (right, HEIGHT - BAND), (right, HEIGHT), (0, HEIGHT)])


def label(pid: str, row: dict[str, str]) -> str:
    short = row["aliases"].split(";")[0] if pid == "jam" else pid  # the rules' own Jäm
    return short.upper() if row["terrain"] == "sea" else short.capitalize()


def places_rows(prov: dict[str, dict[str, str]], at: dict[str, Point]) -> list[list[str]]:
    rows = []
    for pid, row in sorted(prov.items()):
        x, y = (BAND / 2, HEIGHT - 4 * BAND) if pid == BOX else at[pid]
        centre_at = [f"{x + 9:.0f}", f"{y - 9:.0f}"] if int(row["supply"] or 0) else ["", ""]
        rows.append([pid, fill(row), f"{x:.0f}", f"{y - 1:.0f}", label(pid, row),
                     f"{x - 7:.0f}", f"{y + 13:.0f}", *centre_at])
    return rows


def shapes_rows(prov: dict[str, dict[str, str]], near: dict[str, set[str]],
                at: dict[str, Point]) -> list[list[str]]:
    # The ground under the map (the renderer lays land colour there) goes with the Box, the
    # board's frame, in the fill class `ground`.
    ground = path([(0, 0), (WIDTH, 0), (WIDTH, HEIGHT), (0, HEIGHT)])
    rows = [[BOX, "ground", ground], [BOX, "own", band_outline()]]
    for pid, row in sorted(prov.items()):
        if pid != BOX:
            rows.append([pid, "own", outline(pid, near[pid], at, RADIUS[fill(row)])])
    return rows


def clockwise_rows(near: dict[str, set[str]], at: dict[str, Point]) -> list[list[str]]:
    return [[pid, " ".join(clockwise(pid, near[pid], at))] for pid in sorted(near)]


def capsules(pid: str, prov: dict[str, dict[str, str]], near: dict[str, set[str]],
             at: dict[str, Point]) -> list[Capsule]:
    """A province's shape as thick segments: its disc and its arms (the band's two legs)."""
    if pid == BOX:
        mid = BAND / 2
        return [((mid, BAND_TOP + mid), (mid, HEIGHT - mid), mid),
                ((mid, HEIGHT - mid), (WIDTH - mid, HEIGHT - mid), mid)]
    c = at[pid]
    return [(c, c, RADIUS[fill(prov[pid])]), *((c, tip(pid, b, at), HALF) for b in near[pid])]


def touching(prov: dict[str, dict[str, str]], near: dict[str, set[str]],
             at: dict[str, Point]) -> list[str]:
    """Pairs of provinces that do not border each other but would be drawn touching."""
    shapes = {pid: capsules(pid, prov, near, at) for pid in prov}
    ids = sorted(prov)
    return [f"{a}-{b}" for i, a in enumerate(ids) for b in ids[i + 1:]
            if b not in near[a] and any(_distance(p, q) < p[2] + q[2] + GAP
                                        for p in shapes[a] for q in shapes[b])]


def crowded(at: dict[str, Point]) -> list[str]:
    """Pairs of nodes so close that their units would overlap."""
    ids = sorted(pid for pid in at if pid != BOX)
    return [f"{a}-{b}" for i, a in enumerate(ids) for b in ids[i + 1:]
            if math.dist(at[a], at[b]) < ROOM]


def _distance(p: Capsule, q: Capsule) -> float:
    (a, b, _), (c, d, _) = p, q
    if _cross(a, b, c, d):
        return 0.0
    return min(_to_segment(a, c, d), _to_segment(b, c, d), _to_segment(c, a, b),
               _to_segment(d, a, b))


def _to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                             / length))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (side(a, b, c) * side(a, b, d) < 0) and (side(c, d, a) * side(c, d, b) < 0)


def _csv(header: list[str], rows: list[list[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def outputs() -> dict[Path, str]:
    prov, near, at = provinces(), neighbours(), nodes()
    return {
        HERE / "places.csv": _csv(["id", "fill", "unit_x", "unit_y", "label", "label_x",
                                   "label_y", "centre_x", "centre_y"], places_rows(prov, at)),
        HERE / "shapes.csv": _csv(["id", "fill", "d"], shapes_rows(prov, near, at)),
        MAP / "clockwise.csv": _csv(["id", "clockwise"], clockwise_rows(near, at)),
    }


def main(argv: list[str]) -> int:
    check = "--check" in argv
    problems = [f"drawn touching but not bordering: {pair}"
                for pair in touching(provinces(), neighbours(), nodes())]
    problems += [f"nodes too close: {pair}" for pair in crowded(nodes())]
    for file, text in outputs().items():
        if not check:
            file.write_text(text, encoding="utf-8")
        elif not file.is_file() or file.read_text(encoding="utf-8") != text:
            problems.append(f"{file.name} is not what make_drawing.py writes")
    print("\n".join(problems) or "ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
