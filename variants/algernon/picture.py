"""The maze drawn as a graph (SVG): for a player what his record holds, for the master the
whole maze. Spaces stand on a circle in the order of their names (a drawing must not hint
at the maze's shape beyond what the reader knows); each known portal is a line with its
number at each end; home centres are gold, neutral centres pale, the reader's rats ringed."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from judge.pictures.svg import Point, element, group, num

from .known import space_facts
from .maze import Maze

FILL = {"HSC": "#e8c547", "NSC": "#f3e9c2", "": "#ffffff"}


def whole(maze: Maze) -> dict[str, Any]:
    """The master's record: every space and every portal."""
    return {"spaces": {n: space_facts(s) for n, s in maze.spaces.items()},
            "links": {f"{n}/{i}": str(p) for n, s in maze.spaces.items()
                      for i, p in enumerate(s.portals, start=1)}}


def graph_svg(known: Mapping[str, Any], rats: Sequence[str] = ()) -> str:
    names = sorted(known.get("spaces", {}))
    radius = 60 + 14 * len(names)
    size = 2 * radius + 80
    at = {n: _on_circle(i, len(names), radius, size / 2) for i, n in enumerate(names)}
    body = [element("rect", {"width": size, "height": size, "fill": "#fbfbf8"})]
    body += _portals(known.get("links", {}), at)
    body += [shape for n in names for shape in _space(n, known["spaces"][n], at[n],
                                                        n in rats)]
    head = element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": size,
                           "height": size, "viewBox": f"0 0 {num(size)} {num(size)}"})
    return "\n".join([head[:-2] + ">", *group({"font-family": "sans-serif"}, body), "</svg>"])


def _on_circle(i: int, count: int, radius: float, centre: float) -> Point:
    angle = 2 * math.pi * i / max(count, 1) - math.pi / 2
    return centre + radius * math.cos(angle), centre + radius * math.sin(angle)


def _portals(links: Mapping[str, str], at: Mapping[str, Point]) -> list[str]:
    out, drawn = [], set()
    for one, other in sorted(links.items()):
        (a, i), (b, j) = one.split("/"), other.split("/")
        pair = frozenset((one, other))
        if pair in drawn or a not in at or b not in at or a == b:
            continue
        drawn.add(pair)
        (x1, y1), (x2, y2) = at[a], at[b]
        out.append(element("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2,
                                    "stroke": "#777", "stroke_width": 1.2}))
        out += [_number(at[a], at[b], i), _number(at[b], at[a], j)]
    return out


def _number(here: Point, there: Point, portal: str) -> str:
    x = here[0] + (there[0] - here[0]) * 0.2
    y = here[1] + (there[1] - here[1]) * 0.2
    return element("text", {"x": x, "y": y + 4, "font_size": 10, "text_anchor": "middle",
                            "fill": "#a33"}, portal)


def _space(name: str, facts: Mapping[str, Any], where: Point, rat: bool) -> list[str]:
    x, y = where
    shapes = [element("circle", {"cx": x, "cy": y, "r": 16, "fill": FILL[facts["kind"]],
                                 "stroke": "#222", "stroke_width": 3 if rat else 1})]
    shapes.append(element("text", {"x": x, "y": y + 4, "font_size": 11,
                                   "text_anchor": "middle"}, name))
    return shapes
