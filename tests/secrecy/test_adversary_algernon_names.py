"""An adversary's attack on Algernon's maze (rules 4, 6): ALPHA writes orders naming every
space of two mazes that differ only in the names of spaces he has not found (game B's
carry a 9 after them). An order naming a space he has not learnt of is refused alike
whether or not it exists (docs/variants/algernon.md), so his replies are the same in
both games: no refusal confirms that a space of another player's part of the maze exists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.variants.algernon.mailgame import seat_knowledge, started, world
from tests.variants.algernon.test_non_interference import renamed, seen
from variants.algernon.maze import maze_from_json, world_of


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def test_orders_naming_unfound_spaces_tell_nothing(talk: Conversation) -> None:
    first = started(talk, 2, seed=11, name="gamea")
    maze = maze_from_json(world(talk, "gamea")["maze"])
    mine = set(seat_knowledge(talk, "ALPHA", "gamea")["spaces"])
    hidden = {n for n, s in maze.spaces.items() if n not in mine and not s.home}
    assert hidden
    started(talk, 2, seed=11, name="gameb", maze=world_of(renamed(maze, hidden)))
    names = sorted({*maze.spaces, *(f"{n}9" for n in hidden)})
    own = sorted(mine)[0]
    lines = [line for n in names for line in (f"{n} to 1", f"{n} h", f"{n} s 1",
                                              f"{own} s 1 ({n} to 2)", f"{n}(1,2)")]
    replies = []
    for game in ("gamea", "gameb"):
        address, signon = first["ALPHA"]
        signon = signon.replace("gamea", game)
        got = [talk.send(address, "\n".join([signon, *lines[i:i + 200]]))
               for i in range(0, len(lines), 200)]
        got.append(talk.send(address, f"{signon}\nBuild {', '.join(names[:40])}"))
        replies.append(seen([m for m in got if m is not None], game))
    assert "you know no space called" in replies[0][0][1], replies[0][0][1][:2000]
    assert replies[0] == replies[1]
