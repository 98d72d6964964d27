"""Issue #17 (algfix item 2), the non-interference harness for the master's mid-game edit:
two games on the same generated maze, played alike; in the second the master makes a
neutral space nobody ever discovers a supply centre (SET MAP ... ENDMAP, after the
first year's Spring). Every player gets identical mail in both games: an edit of what no
player has learnt must not reach any player (rule 3: the maze is the master's alone)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import pytest

from judge.store.db import Database
from tests.conversations.harness import Conversation, Mail
from tests.conversations.seating_helpers import reply
from tests.variants.algernon.mailgame import play, seat_knowledge, started, world
from tests.variants.folder_games import MASTER
from variants.algernon.maze import Maze, format_maze, maze_from_json

UNTIL = "S1903M"
EDITED_IN = "F1901M"


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def seen(mails: Sequence[Mail], game: str) -> list[tuple[str, str]]:
    return [(m.subject.replace(game, "GAME"), m.body.replace(game, "GAME")) for m in mails]


def known(talk: Conversation, powers: Sequence[str], game: str) -> set[str]:
    return {s for p in powers for s in seat_knowledge(talk, p, game)["spaces"]}


def made_a_centre(maze: Maze, name: str) -> str:
    """The maze's text with neutral space `name` worth one centre (it was worth none)."""
    space = maze.spaces[name]
    line = f"{name} 1 - {' '.join(str(p) for p in space.portals)}"
    return "\n".join(line if row.split()[:1] == [name] else row
                     for row in format_maze(maze).split("\n"))


def test_an_edit_nobody_can_see_changes_nobodys_mail(talk: Conversation) -> None:
    first = started(talk, 2, seed=11, name="gamea")
    maze = maze_from_json(world(talk, "gamea")["maze"])
    mail_a = play(talk, first, UNTIL, "gamea")
    unseen = sorted(n for n, s in maze.spaces.items()
                    if s.value == 0 and n not in known(talk, list(first), "gamea"))
    assert unseen, "every space without a centre was found: nothing to edit unseen"
    text = made_a_centre(maze, unseen[0])

    def edit(phase: str) -> None:
        if phase == EDITED_IN:
            answer = reply(talk, MASTER, f"SIGNON Mgameb gmpw\nSET MAP\n{text}\nENDMAP")
            assert "The map of gameb is changed (" in answer.body, answer.body

    seats = started(talk, 2, seed=11, name="gameb")
    mail_b: Mapping[str, list[Mail]] = play(talk, seats, UNTIL, "gameb", meddle=edit)
    assert maze_from_json(world(talk, "gameb")["maze"]).spaces[unseen[0]].value == 1
    assert len(mail_a["ALPHA"]) >= 2 * 5
    for power in first:
        assert seen(mail_a[power], "gamea") == seen(mail_b[power], "gameb"), power
