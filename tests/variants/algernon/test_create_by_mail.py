"""Issue #17: the master has the judge generate a maze by mail, with the generator's
parameters as CREATE's options (docs/variants/algernon.md, "Generating a maze")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.engine.types import MOVEMENT
from judge.game.games import find_game, game_variant
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


def test_create_takes_the_reading_of_numbered_supports(talk: Conversation) -> None:
    """I.A.5's reading is the game's option numbered_support (docs/variants/algernon.md):
    `order` unless CREATE says `portal`; the game's movement plays the one it was given."""
    account(talk, MASTER, "Game Master")
    for name, words, wanted in (("plain", "", "order"),
                                ("ported", " numbered_support=PORTAL", "portal")):
        created = reply(talk, MASTER, f"CREATE {name} gmpw algernon{words}")
        assert name in created.body, created.body
        with talk.judge.db.unit_of_work() as session:
            variant = game_variant(find_game(session, name))
        assert variant.options["numbered_support"] == wanted
        handler = variant.rules.handlers[MOVEMENT]
        assert getattr(handler, "numbered", None) == wanted


def test_an_unknown_reading_of_numbered_supports_is_refused(talk: Conversation) -> None:
    account(talk, MASTER, "Game Master")
    refused = reply(talk, MASTER, "CREATE gamma gmpw algernon numbered_support=line")
    assert "numbered_support" in refused.body and "order or portal" in refused.body, \
        refused.body


def test_create_takes_the_reading_of_retreat_lists(talk: Conversation) -> None:
    """I.B.1's reading is the game's option retreat_fallback (docs/variants/algernon.md):
    off unless CREATE says yes; the game's movement plays the one it was given."""
    account(talk, MASTER, "Game Master")
    for name, words, wanted in (("plain", "", False), ("fallen", " retreat_fallback=yes", True)):
        created = reply(talk, MASTER, f"CREATE {name} gmpw algernon{words}")
        assert name in created.body, created.body
        with talk.judge.db.unit_of_work() as session:
            variant = game_variant(find_game(session, name))
        assert bool(variant.options["retreat_fallback"]) is wanted
        assert getattr(variant.rules.handlers[MOVEMENT], "fallback", None) is wanted
