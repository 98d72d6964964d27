"""Issue #17: the master has the judge generate a maze by mail, with the generator's
parameters as CREATE's options (docs/variants/algernon.md, "Generating a maze")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.game.games import find_game
from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply
from variants.algernon.generate import Plan, generate
from variants.algernon.maze import maze_from_json
from variants.algernon.source import power_names


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def test_create_generates_the_maze_the_options_ask_for(talk: Conversation) -> None:
    account(talk, MASTER, "Game Master")
    created = reply(talk, MASTER, "CREATE gamma gmpw algernon players=3 spaces=6 "
                                  "homes=2 portals=5 centres=1")
    assert "gamma" in created.body, created.body
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "gamma")
        world, seed = game.variant_map, game.variant_seed
    assert world is not None
    maze = maze_from_json(world["maze"])
    assert maze == generate(Plan(players=3, spaces=6, homes=2, portals=5, centres=1,
                                 seed=seed), power_names())
    assert len(maze.spaces) == 3 * 6 + 1


def test_parameters_that_make_no_maze_are_refused(talk: Conversation) -> None:
    account(talk, MASTER, "Game Master")
    refused = reply(talk, MASTER, "CREATE gamma gmpw algernon spaces=4 homes=3 centres=2")
    assert "room for 1 neutral centres at most" in refused.body, refused.body
