"""The master's edit of a started game's maze (SET MAP ... ENDMAP after the start).

Rule 3 makes the maze the master's, rules 4 and 6 make what he told each player true for
good: an edit is checked as an upload is (mazecheck.read_maze), and then may change only
what no player has learnt. Every space a player knows (his homes, and each space he
entered or tried: its name, value, portal count, where he learnt its portals lead) keeps
its whole line: value, home and every portal. So do the spaces where rats stand and the
centres someone owns. Everything else may change: the spaces nobody knows, their values
and portals, spaces added or taken away, as long as the known portals still lead where
they did (docs/variants/algernon.md, "Editing the maze after the start").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.position import Position

from .known import initial
from .maze import Maze, Space, maze_from_json


def edit_problems(old_world: Mapping[str, Any], new_world: Mapping[str, Any],
                  position: Position) -> list[str]:
    """Each space the edit changes that it must keep, with why, one a line ([]: none)."""
    old, new = maze_from_json(old_world["maze"]), maze_from_json(new_world["maze"])
    problems = []
    for name, why in sorted(kept_spaces(old, position).items()):
        if new.spaces.get(name) != old.spaces[name]:
            problems.append(f"{name} must stay as it was ({why}): "
                            f"{_line(old.spaces[name])}")
    return problems


def kept_spaces(maze: Maze, position: Position) -> dict[str, str]:
    """Each space an edit must keep -> why: the players who know it, a rat, an owner."""
    why: dict[str, list[str]] = {}
    charts = position.state.get("charts")
    charts = charts if isinstance(charts, Mapping) else {}
    for power in maze.owners():
        chart = charts.get(power) or initial(maze, power)
        for space in chart["spaces"]:
            why.setdefault(space, []).append(f"{power} knows it")
    for unit in position.units:
        why.setdefault(unit.loc.upper(), []).append(f"a rat of {unit.power} stands in it")
    for space, power in position.owners.items():
        why.setdefault(space.upper(), []).append(f"{power} owns it")
    return {name: "; ".join(dict.fromkeys(reasons)) for name, reasons in why.items()
            if name in maze.spaces}


def _line(space: Space) -> str:
    portals = " ".join(str(p) for p in space.portals)
    return f"{space.name} {space.value} {space.home or '-'} {portals}".rstrip()
