"""Algernon's hooks (docs/variants/algernon.md): each game's maze, made at its creation
from the game's seed and options (`make_map`) or uploaded by its master (`map_from_text`),
read back by him alone (`map_to_text`) and edited after the start only where no player
has looked (`check_map_edit`), and the rules played on it (`customise`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from judge.engine.geo import MapError
from judge.engine.position import Position
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT
from judge.variant import ReportSection, Variant

from .builds import ListedBuilds
from .editing import edit_problems
from .generate import Plan, generate
from .known import known_board
from .maze import MazeError, format_maze, maze_from_json, world_of
from .mazecheck import read_maze
from .movement import MazeMovement
from .orders import ORDER_TYPES, as_written
from .picture import maze_drawing
from .reader import PortalReader
from .reasons import ALGERNON_REASONS
from .report import gm_view, start_words
from .retreats import ListedRetreats
from .seats import dealer
from .secrecy import MazeSecrecy, Remember
from .sight import EVENT_TYPES
from .source import maze_of, power_names, power_spellings, reading_of
from .victory import victory_of

# Rule 8's readings, which build the victory test, `judge adjudicate` takes from its
# request's "state" as a game keeps them (judge/variant_hooks.py); numbered_support and
# retreat_fallback the movement reads from the state itself (movement.py).
REQUEST_OPTIONS = ("victory", "victory_count", "victory_year")


def make_map(options: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """A generated maze for the game's players (rule 3), balanced (generate.py)."""
    plan = plan_of(options, seed)
    if plan.problems():
        raise MapError("variant algernon: the maze cannot be made: " + "; ".join(plan.problems()))
    return world_of(generate(plan, power_names()[: plan.players]))


def map_from_text(text: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The master's own maze (SET MAP ... ENDMAP), checked for the game's players and
    readings: a MapError lists every problem, one a line."""
    try:
        maze = read_maze(text, power_spellings(), int(options["players"]), reading_of(options))
    except MazeError as e:
        raise MapError(str(e)) from None
    return world_of(maze)


def map_to_text(world: Mapping[str, Any]) -> str:
    """The game's maze in the text format the master writes (rule 3: his alone)."""
    return format_maze(maze_from_json(world["maze"]))


def check_map_edit(old: Mapping[str, Any], new: Mapping[str, Any],
                   position: Position) -> list[str]:
    """What the edit changes that the players have learnt (editing.py), one a line."""
    return edit_problems(old, new, position)


def plan_of(options: Mapping[str, Any], seed: int) -> Plan:
    return Plan(players=int(options["players"]), spaces=int(options["spaces"]),
                homes=int(options["homes"]), portals=int(options["portals"]),
                centres=int(options["centres"]), seed=seed)


def customise(variant: Variant) -> Variant:
    maze = maze_of(variant)  # the folder's or the game's maze, checked once here
    rules, reading = variant.rules, reading_of(variant.options)
    registry = rules.registry.with_orders(*ORDER_TYPES, *as_written(rules.registry)) \
        .with_events(*EVENT_TYPES).with_reasons(*ALGERNON_REASONS)
    numbered = str(variant.options.get("numbered_support", "order"))  # I.A.5 (movement.py)
    fallback = bool(variant.options.get("retreat_fallback"))  # I.B.1 (retreats.py)
    handlers = {**rules.handlers, MOVEMENT: MazeMovement(maze, reading, numbered, fallback),
                ADJUSTMENT: ListedBuilds(),
                RETREAT: ListedRetreats(rules.handlers[RETREAT])}
    rules = replace(rules, registry=registry, handlers=handlers, visibility=MazeSecrecy(),
                    knowledge=Remember(maze, reading), known_board=known_board,
                    victory=victory_of(variant.options))
    return replace(variant, rules=rules, reader=PortalReader, allocate=dealer(maze.owners()),
                   sections=(ReportSection("after_heading", "gm.j2", gm_view,
                                           on_known_board=True),),
                   drawing=maze_drawing, start_words=start_words)

