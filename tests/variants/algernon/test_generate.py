"""Issue #17 item 1: the seeded generator for N players, balanced; and a game's maze
reaching the hooks through the game's map (`Variant.world`)."""

from __future__ import annotations

from collections import deque

import pytest

from judge.game.instance import variant_instance
from judge.variant_hooks import make_game_map
from judge.variant_loader import load_variant
from variants.algernon.generate import Plan, generate
from variants.algernon.maze import Maze
from variants.algernon.mazecheck import check_maze
from variants.algernon.source import maze_of, power_names

POWERS = power_names()


def distances(maze: Maze, start: str) -> dict[str, int]:
    far = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in sorted(maze.neighbours(here)):
            if there not in far:
                far[there] = far[here] + 1
                todo.append(there)
    return far


def profile(maze: Maze, power: str) -> tuple[list[list[int]], list[list[int]]]:
    """How far each of the power's homes is from the others' homes and from the neutral
    centres: the same for every power in a balanced maze."""
    others = [s for s in maze.spaces.values() if s.home not in (None, power)]
    neutral = [s.name for s in maze.spaces.values() if s.home is None and s.value > 0]
    far = [distances(maze, h) for h in maze.homes(power)]
    return (sorted(sorted(d[o.name] for o in others) for d in far),
            sorted(sorted(d[n] for n in neutral) for d in far))


@pytest.mark.parametrize("plan", [Plan(), Plan(players=3, seed=5),
                                  Plan(players=4, spaces=10, portals=5, centres=3, seed=11),
                                  Plan(players=8, spaces=5, homes=2, centres=1, seed=3)])
def test_a_generated_maze_is_playable_and_balanced(plan: Plan) -> None:
    maze = generate(plan, POWERS)
    assert check_maze(maze, plan.players) == []
    assert len(maze.spaces) == plan.players * plan.spaces + 1
    owners = maze.owners()
    assert owners == POWERS[: plan.players]
    assert all(len(maze.homes(p)) == plan.homes for p in owners)
    neutral = [s for s in maze.spaces.values() if s.home is None and s.value > 0]
    assert len(neutral) == plan.players * plan.centres + 1
    first = profile(maze, owners[0])
    assert all(profile(maze, p) == first for p in owners[1:])
    # The sector's spaces keep to `portals`; only the central space has one per player.
    over = [len(s.portals) for s in maze.spaces.values() if len(s.portals) > plan.portals]
    assert over in ([], [plan.players])


def test_the_seed_decides_the_maze() -> None:
    assert generate(Plan(seed=1), POWERS) == generate(Plan(seed=1), POWERS)
    assert generate(Plan(seed=1), POWERS) != generate(Plan(seed=2), POWERS)


def test_names_are_opaque() -> None:
    names = list(generate(Plan(players=4, seed=9), POWERS).spaces)
    assert all(len(n) == 2 and n.isalpha() for n in names)
    assert names != sorted(names)  # nothing to count by


def test_bad_parameters_are_told() -> None:
    assert Plan(players=1, spaces=3, homes=3, portals=2, centres=1).problems() == [
        "a maze is for 2 players or more", "each player needs a home and more spaces "
        "than homes", "spaces need up to 3 portals at least",
        "a sector of 3 spaces with 3 homes has room for 0 neutral centres at most"]


def test_a_game_plays_on_the_maze_made_for_it() -> None:
    variant = load_variant("algernon")
    world = make_game_map(variant, {"players": 4, "spaces": 6}, 77)
    assert world is not None
    game = variant_instance("algernon", {"players": 4, "spaces": 6}, 77, world)
    assert game.world == world  # the hook sees the game's own map, portals and all
    maze = maze_of(game)
    assert maze == generate(Plan(players=4, spaces=6, seed=77), POWERS)
    assert {u.loc.upper() for u in game.start.units} == {
        s.name for s in maze.spaces.values() if s.home}
    assert set(game.rules.geo.provinces) == {n.lower() for n in maze.spaces}
    assert maze_of(variant).spaces.keys() >= {"DL", "MN", "PZ", "PW", "QV", "WG"}
