"""The maze drawn for one reader through the board renderer (judge/pictures; the Variant's
`drawing` hook): for a player what his knowledge record holds (rule 4's start, then his
map so far), for the master the whole maze, for anyone else nothing (rule 3).

The spaces stand on a circle in the order of their names, so the drawing hints at nothing
beyond the names the reader knows; each is a disc in its kind's colour (II.B), tinted by
its owner where the reader's board shows one (the master's: a player's shows no owners,
rule 7); each known portal is a line with its number
at each end. The folder's drawing.toml gives the colours and the rat's symbol.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from judge.engine.position import Position
from judge.engine.visibility import Role, Viewer
from judge.pictures.drawing import Drawing, Place, Point, Shape
from judge.variant import Variant

from .known import RECORD, initial, space_facts
from .maze import Maze
from .source import maze_of

RADIUS = 16  # a space's disc
KIND = {"HSC": "home", "NSC": "neutral", "": "land"}
LEGEND_WIDTH = 130


def whole(maze: Maze) -> dict[str, Any]:
    """The master's record: every space and every portal."""
    return {"spaces": {n: space_facts(s) for n, s in maze.spaces.items()},
            "links": {f"{n}/{i}": str(p) for n, s in maze.spaces.items()
                      for i, p in enumerate(s.portals, start=1)}}


def known_to(variant: Variant, board: Position, viewer: Viewer) -> dict[str, Any]:
    """What the reader knows of the maze: the whole for the master; a player's map so far
    as his knowledge record keeps it (known.known_board), else as the board's state
    charts it (rule 4's start before his first move); nothing for others."""
    maze = maze_of(variant)
    if viewer.role == Role.MASTER:
        return whole(maze)
    if viewer.role != Role.PLAYER or viewer.power is None:
        return {"spaces": {}, "links": {}}
    recorded = board.state.get(RECORD)
    if isinstance(recorded, Mapping):
        return dict(recorded)
    charts = board.state.get("charts")  # a board not read from his record
    mine = charts.get(viewer.power) if isinstance(charts, Mapping) else None
    return dict(mine) if mine else initial(maze, viewer.power)


def maze_drawing(variant: Variant, base: Drawing, board: Position, viewer: Viewer) -> Drawing:
    known = known_to(variant, board, viewer)
    names = sorted(known["spaces"])
    size = 2 * (60 + 14 * len(names)) + 80
    at = {n: _on_circle(i, len(names), size) for i, n in enumerate(names)}
    places = {n.lower(): _place(n, known["spaces"][n], at[n]) for n in names}
    shapes: list[Shape] = []
    for one, other in _portals(known["links"], at):
        places.update(_numbers(one, other, at))
        (x1, y1), (x2, y2) = at[one[0]], at[other[0]]
        shapes.append(Shape("", "portal", f"M{_n(x1)},{_n(y1)}L{_n(x2)},{_n(y2)}"))
    shapes += [Shape(n.lower(), "own", _disc(at[n])) for n in names]
    legend = max(len(variant.powers_in_play()) * 18 + 60, 0)
    canvas = {**base.canvas, "width": size + LEGEND_WIDTH, "height": max(size, legend) + 30,
              "map_size": [size, size], "legend_at": [size + 10, 52]}
    return replace(base, canvas=canvas, places=places, shapes=tuple(shapes))


def _on_circle(i: int, count: int, size: float) -> Point:
    radius, centre = size / 2 - 40, size / 2
    angle = 2 * math.pi * i / max(count, 1) - math.pi / 2
    return (round(centre + radius * math.cos(angle), 1),
            round(centre + radius * math.sin(angle), 1))


def _place(name: str, facts: Mapping[str, Any], where: Point) -> Place:
    x, y = where
    centre = (x + RADIUS - 4, y - RADIUS + 4) if facts["kind"] else None
    return Place(name.lower(), KIND[facts["kind"]], where, name, (x - 7, y + RADIUS + 9),
                 centre)


def _portals(links: Mapping[str, str], at: Mapping[str, Point]
             ) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """Each known portal once (a two-way portal is known from both ends), between two
    spaces the reader knows; a portal into its own space is not drawn."""
    out, drawn = [], set()
    for one, other in sorted(links.items()):
        a, b = tuple(one.split("/")), tuple(other.split("/"))
        pair = frozenset((one, other))
        if pair in drawn or a[0] not in at or b[0] not in at or a[0] == b[0]:
            continue
        drawn.add(pair)
        out.append(((a[0], a[1]), (b[0], b[1])))
    return out


def _numbers(one: tuple[str, str], other: tuple[str, str],
             at: Mapping[str, Point]) -> dict[str, Place]:
    """The portal's number at each end, a little way along the line."""
    out = {}
    for (space, number), (far, _) in ((one, other), (other, one)):
        (x, y), (fx, fy) = at[space], at[far]
        length = math.hypot(fx - x, fy - y) or 1
        px = round(x + (fx - x) * (RADIUS + 8) / length - 3, 1)
        py = round(y + (fy - y) * (RADIUS + 8) / length + 3, 1)
        out[f"{space.lower()}#{number}"] = Place(f"{space.lower()}#{number}", "portal",
                                                 (px, py), number, (px, py))
    return out


def _disc(where: Point) -> str:
    x, y = where
    return (f"M{_n(x - RADIUS)},{_n(y)}a{RADIUS},{RADIUS} 0 1,0 {2 * RADIUS},0"
            f"a{RADIUS},{RADIUS} 0 1,0 {-2 * RADIUS},0Z")


def _n(value: float) -> str:
    return f"{value:g}"
