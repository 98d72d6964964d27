"""The maze of one Algernon game: spaces with opaque names, a centre value, an owner for
home spaces, and numbered portals (rules 3, 4, 6).

Portal i of a space leads to a space and arrives there through one of its portals. The
maze is written in a text format (docs/variants/algernon.md, "The maze format"), kept in
the game's map as JSON (`maze_to_json`), and turned into the engine's map: one province per
space, one border per pair of spaces that a portal joins (`world_of`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

TERRAIN = "maze"
GRAPH = "portal"
NO_HOME = "-"


class MazeError(ValueError):
    """A maze that cannot be played; the message lists every problem found, one a line."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = tuple(problems)


@dataclass(frozen=True, slots=True)
class Portal:
    """Where a portal leads: the space `to`, entered through its portal `arrives`."""

    to: str
    arrives: int

    def __str__(self) -> str:
        return f"{self.to}/{self.arrives}"


@dataclass(frozen=True, slots=True)
class Space:
    name: str
    value: int
    home: str | None
    portals: tuple[Portal, ...]


@dataclass(frozen=True)
class Maze:
    spaces: Mapping[str, Space]

    def portal(self, space: str, number: int) -> Portal | None:
        """Portal `number` (from 1) of `space`, or None when it has no such portal."""
        found = self.spaces.get(space)
        if found is None or not 1 <= number <= len(found.portals):
            return None
        return found.portals[number - 1]

    def homes(self, power: str) -> list[str]:
        return [s.name for s in self.spaces.values() if s.home == power]

    def owners(self) -> list[str]:
        """The powers with homes, in the order their first home comes."""
        return list(dict.fromkeys(s.home for s in self.spaces.values() if s.home))

    def neighbours(self, space: str) -> set[str]:
        return {p.to for p in self.spaces[space].portals}


def parse_maze(text: str) -> Maze:
    """The maze written in `text`; a MazeError names each line that cannot be read (the
    checker, `check_maze`, then says whether the maze can be played)."""
    spaces: dict[str, Space] = {}
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            space = _space(line.split())
        except ValueError as e:
            problems.append(f"line {number}: {e}")
            continue
        if space.name in spaces:
            problems.append(f"line {number}: space {space.name} is written twice")
        spaces[space.name] = space
    if problems:
        raise MazeError(problems)
    if not spaces:
        raise MazeError(["the maze has no spaces: write one line per space"])
    return Maze(spaces)


def _space(words: list[str]) -> Space:
    if len(words) < 3:
        raise ValueError("write a space as NAME VALUE HOME PORTAL..., e.g. DL 1 A MN/2 QX/1")
    name, value, home, *portals = words
    if not value.isdigit():
        raise ValueError(f"the centre value of {name.upper()} must be a number, not '{value}'")
    return Space(name.upper(), int(value), None if home == NO_HOME else home.upper(),
                 tuple(_portal(name.upper(), i, w) for i, w in enumerate(portals, start=1)))


def _portal(space: str, number: int, word: str) -> Portal:
    to, slash, arrives = word.partition("/")
    if not slash or not to or not arrives.isdigit():
        raise ValueError(f"portal {number} of {space} must be written SPACE/PORTAL "
                         f"(e.g. MN/2), not '{word}'")
    return Portal(to.upper(), int(arrives))


MAZE_PLAYED = "maze_played"  # the state's key: the maze a turn was played on (movement.py)


def format_maze(maze: Maze) -> str:
    """The maze in the text format, which `parse_maze` reads back unchanged."""
    width = max(len(n) for n in maze.spaces)
    lines = ["# space  centre value  home  portals 1..n: SPACE/PORTAL it arrives through"]
    for s in maze.spaces.values():
        portals = " ".join(str(p) for p in s.portals)
        lines.append(f"{s.name:<{width}} {s.value} {s.home or NO_HOME} {portals}".rstrip())
    return "\n".join(lines) + "\n"


def maze_to_json(maze: Maze) -> list[dict[str, Any]]:
    return [{"name": s.name, "value": s.value, "home": s.home,
             "portals": [[p.to, p.arrives] for p in s.portals]} for s in maze.spaces.values()]


def maze_from_json(rows: Iterable[Mapping[str, Any]]) -> Maze:
    spaces = [Space(str(r["name"]), int(r["value"]), r.get("home") or None,
                    tuple(Portal(str(to), int(at)) for to, at in r["portals"])) for r in rows]
    return Maze({s.name: s for s in spaces})


def world_of(maze: Maze) -> dict[str, Any]:
    """The game's map (judge/variant_map.py's form) with the maze kept beside it: each
    home starts with a maze rat of its owner (rule 4's demonstration game). A pair of
    spaces joined by several portals is one border, and a portal back into its own space
    none: the engine sees spaces, the portal numbers are the maze's."""
    provinces = [{"id": s.name.lower(), "name": s.name, "terrain": TERRAIN, "supply": s.value,
                  "home": s.home or ""} for s in maze.spaces.values()]
    pairs = sorted({tuple(sorted((s.name.lower(), p.to.lower())))
                    for s in maze.spaces.values() for p in s.portals if p.to != s.name})
    units: dict[str, list[str]] = {}
    for s in maze.spaces.values():
        if s.home:
            units.setdefault(s.home, []).append(f"R {s.name.lower()}")
    return {"provinces": provinces,
            "borders": [{"a": a, "b": b, "graphs": [GRAPH]} for a, b in pairs],
            "units": units, "maze": maze_to_json(maze)}
