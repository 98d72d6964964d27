"""Issue #17 (algfix item 3): the master's HISTORY shows each turn on the maze it was
played on, not the maze as he has edited it since (docs/variants/algernon.md, "Editing
the maze"); what a player may never see stays out of everybody else's HISTORY."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.engine.visibility import Role, Viewer
from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import reply
from tests.variants.algernon.mailgame import play, started, world
from tests.variants.algernon.scenario import A, B, board, demo, move
from tests.variants.folder_games import MASTER
from variants.algernon.maze import MAZE_PLAYED, Maze, format_maze, maze_from_json
from variants.algernon.secrecy import MazeSecrecy

GM = "SIGNON Mmaze gmpw"


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def line_of(maze: Maze, name: str) -> str:
    [line] = [row for row in format_maze(maze).split("\n") if row.split()[:1] == [name]]
    return line


def turns(body: str) -> dict[str, list[str]]:
    """HISTORY's reply cut into its turns: the heading's phase -> the turn's lines,
    stripped of the reply's indent."""
    parts = body.split("Algernon: ")[1:]
    return {part.split("\n", 1)[0]: [line.strip() for line in part.split("\n")]
            for part in parts}


def test_the_masters_history_shows_the_maze_each_turn_was_played_on(
        talk: Conversation) -> None:
    seats = started(talk, 2, seed=5)
    play(talk, seats, "F1901M")
    before = maze_from_json(world(talk)["maze"])
    hidden = next(s for s in before.spaces.values() if not s.home and s.value == 0)
    old = line_of(before, hidden.name)
    edit = f"{hidden.name} 1 - {' '.join(str(p) for p in hidden.portals)}"
    text = "\n".join(edit if row == old else row for row in format_maze(before).split("\n"))
    answer = reply(talk, MASTER, f"{GM}\nSET MAP\n{text}\nENDMAP").body
    assert "The map of maze is changed (" in answer, answer
    new = line_of(maze_from_json(world(talk)["maze"]), hidden.name)
    assert new != old
    play(talk, seats, "S1902M")
    history = turns(reply(talk, MASTER, f"{GM}\nHISTORY maze S1901M F1901M").body)
    assert sorted(history) == ["Fall 1901 Movement", "Spring 1901 Movement"], history
    spring, fall = history["Spring 1901 Movement"], history["Fall 1901 Movement"]
    assert old in spring and new not in spring, spring
    assert new in fall and old not in fall, fall
    address, signon = seats["ALPHA"]
    mine = reply(talk, address, f"{signon}\nHISTORY maze S1901M F1901M").body
    assert old not in mine and new not in mine and "The maze (for the master" not in mine


def test_the_maze_kept_with_a_turn_is_the_masters_alone() -> None:
    """Rule 3: the maze a movement was played on is kept in the turn's state, which the
    master's board shows and no player's (nor an observer's) does."""
    after = move(board({A: ["DL"], B: ["PW"]}), {A: [], B: []}).position
    assert after.state[MAZE_PLAYED] == format_maze(demo())
    secrecy = MazeSecrecy()
    assert secrecy.board(after, Viewer.master()).state[MAZE_PLAYED] == format_maze(demo())
    for viewer in (Viewer(Role.PLAYER, A), Viewer(Role.PLAYER, B), Viewer(Role.OBSERVER)):
        assert MAZE_PLAYED not in secrecy.board(after, viewer).state
