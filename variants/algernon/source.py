"""Where a game's maze comes from: the game's own map (`Variant.world`, made by
`make_map` or uploaded by the master), else the folder's demonstration maze (rule 4)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

from judge.engine.geo import MapError
from judge.variant import Variant

from .maze import Maze, MazeError, maze_from_json, parse_maze
from .mazecheck import Reading, check_maze, homes_named

FOLDER = Path(__file__).resolve().parent
DEMO = FOLDER / "demo.maze"


def power_spellings(powers: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each way a maze may name a power (its name or its letter, upper case) -> its name."""
    if powers is None:
        with open(FOLDER / "variant.toml", "rb") as f:
            powers = {p["name"]: p["letter"] for p in tomllib.load(f)["powers"]}
    return {**{n.upper(): n for n in powers}, **{ltr.upper(): n for n, ltr in powers.items()}}


def power_names() -> list[str]:
    return list(dict.fromkeys(power_spellings().values()))


def reading_of(options: Mapping[str, object]) -> Reading:
    return Reading(one_way=bool(options.get("one_way")),
                   self_portals=bool(options.get("self_portals")))


def maze_of(variant: Variant) -> Maze:
    """The game's maze, checked: a MapError (every problem, one a line) if it is unfit."""
    world = variant.world
    try:
        if world is not None and "maze" in world:
            maze = maze_from_json(world["maze"])
        else:
            maze = homes_named(parse_maze(DEMO.read_text(encoding="utf-8")),
                               power_spellings())
    except MazeError as e:
        raise MapError(f"variant algernon: the maze:\n{e}") from e
    problems = check_maze(maze, None, reading_of(variant.options))
    if problems:
        raise MapError("variant algernon: the maze:\n" + "\n".join(problems))
    return maze
