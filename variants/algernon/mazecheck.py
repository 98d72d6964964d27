"""Whether a maze can be played, with a clear line for every problem (docs/variants/
algernon.md, "The maze format"): names, dangling portals, portals that do not lead back,
unreachable spaces, homes per player."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from .maze import Maze, MazeError, parse_maze

# Words of the orders (I.A-C), which a space's name must not be, and names that count
# (I.A: a portal number is never a place; rule 4's design note: no numbering); and the
# mail commands' short words, since an order line that starts with one is a command
# (`MAP to 3`). Longer names are the master's care: docs/variants/algernon.md.
RESERVED = frozenset({"H", "S", "TO", "BUILD", "HOLD", "SUPPORT", "SUPPORTS", "END", "MAP",
                      "SET", "GET"})
NAME = re.compile(r"^[A-Z][A-Z0-9]{0,7}$")


@dataclass(frozen=True)
class Reading:
    """The readings the rules leave open, each a game option (docs/variants/algernon.md):
    `one_way`: a portal need not lead back through the portal it arrives by;
    `self_portals`: a portal may lead back into its own space."""

    one_way: bool = False
    self_portals: bool = False


PLAIN = Reading()  # the defaults: two-way portals, none into its own space


def read_maze(text: str, powers: Mapping[str, str], players: int | None = None,
              reading: Reading = PLAIN) -> Maze:
    """The maze in `text` with its homes given to powers (`powers`: each way to write a
    power, upper case -> its name), or a MazeError listing every problem."""
    maze = homes_named(parse_maze(text), powers)
    problems = check_maze(maze, players, reading)
    if problems:
        raise MazeError(problems)
    return maze


def homes_named(maze: Maze, powers: Mapping[str, str]) -> Maze:
    """The maze with each home's owner written as his power's name."""
    unknown = sorted({s.home for s in maze.spaces.values() if s.home and s.home not in powers})
    if unknown:
        known = ", ".join(sorted(set(powers.values())))
        raise MazeError([f"home owner {u} is not a power (the powers: {known})"
                         for u in unknown])
    return Maze({n: replace(s, home=powers[s.home] if s.home else None)
                 for n, s in maze.spaces.items()})


def check_maze(maze: Maze, players: int | None = None, reading: Reading = Reading()
               ) -> list[str]:
    """Every reason the maze cannot be played (none: it can)."""
    problems = [*_names(maze), *_portals(maze, reading)]
    problems += _homes(maze, players)
    if not problems:
        problems += _unreachable(maze)
    return problems


def _names(maze: Maze) -> list[str]:
    return [f"space {n}: a name is a letter and up to 7 letters or digits, not an order "
            f"word ({', '.join(sorted(RESERVED))})"
            for n in maze.spaces if not NAME.match(n) or n in RESERVED]


def _portals(maze: Maze, reading: Reading) -> list[str]:
    problems = []
    for space in maze.spaces.values():
        if not space.portals:
            problems.append(f"space {space.name} has no portals")
        for number in range(1, len(space.portals) + 1):
            problems += _portal(maze, space.name, number, reading)
    return problems


def _portal(maze: Maze, name: str, number: int, reading: Reading) -> list[str]:
    portal = maze.spaces[name].portals[number - 1]
    where = f"portal {number} of {name}"
    if portal.to not in maze.spaces:
        return [f"{where} dangles: it leads to {portal.to}, which is not a space"]
    back = maze.portal(portal.to, portal.arrives)
    if back is None:
        count = len(maze.spaces[portal.to].portals)
        return [f"{where} dangles: it arrives through portal {portal.arrives} of "
                f"{portal.to}, which has {count} portals"]
    if portal.to == name and not reading.self_portals:
        return [f"{where} leads back into {name} (allowed only with self_portals=yes)"]
    if not reading.one_way and (back.to, back.arrives) != (name, number):
        return [f"{where} arrives through {portal.to}/{portal.arrives}, which leads to "
                f"{back}, not back to {name}/{number} (portals are two-way unless one_way=yes)"]
    return []


def _homes(maze: Maze, players: int | None) -> list[str]:
    owners = maze.owners()
    problems = [f"home {s.name} of {s.home} is not a supply centre (its value is 0)"
                for s in maze.spaces.values() if s.home and s.value < 1]
    if not owners:
        return [*problems, "no space is anybody's home: give each player his homes"]
    counts = {o: len(maze.homes(o)) for o in owners}
    if len(set(counts.values())) > 1:
        listed = ", ".join(f"{o} {c}" for o, c in counts.items())
        problems.append(f"players have different numbers of homes ({listed}): "
                        f"each must have as many as the others")
    if players is not None and len(owners) != players:
        problems.append(f"the maze has homes for {len(owners)} players, the game "
                        f"has {players}")
    return problems


def _unreachable(maze: Maze) -> list[str]:
    seen = {s.name for s in maze.spaces.values() if s.home}
    todo = list(seen)
    while todo:
        for nxt in maze.neighbours(todo.pop()) - seen:
            seen.add(nxt)
            todo.append(nxt)
    lost = [n for n in maze.spaces if n not in seen]
    return [f"no portal path from any home reaches {', '.join(lost)}"] if lost else []
