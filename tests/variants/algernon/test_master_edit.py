"""Issue #17 item 1: after the start the master reads his game's maze by mail (GET MAP)
and edits it (SET MAP ... ENDMAP), checked as an upload is and changing only what no
player has learnt (variants/algernon/editing.py); nobody else can read or change it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from judge.game.games import find_game
from judge.store.db import Database
from judge.store.models import GameState
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import account, reply
from tests.variants.algernon.mailgame import phase_of, play, seat_knowledge, started, world
from tests.variants.folder_games import MASTER
from variants.algernon.maze import Maze, format_maze, maze_from_json

GM = "SIGNON Mmaze gmpw"


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def maze(talk: Conversation) -> Maze:
    return maze_from_json(world(talk)["maze"])


def lines_of(text: str) -> list[str]:
    return [line for line in text.split("\n") if line and not line.startswith("#")]


def edited(text: str, space: str, line: str) -> str:
    """The maze text with `space`'s line replaced by `line`."""
    return "\n".join(line if row.split()[:1] == [space] else row
                     for row in text.split("\n"))


def test_the_master_reads_the_maze_after_the_start(talk: Conversation) -> None:
    started(talk, 2, seed=5)
    answer = reply(talk, MASTER, f"{GM}\nGET MAP").body
    assert "The map of maze (to change it, send it back between SET MAP and ENDMAP):" \
        in answer, answer
    for line in lines_of(format_maze(maze(talk))):
        assert f"    {line}\n" in answer, line


def test_nobody_else_reads_or_changes_it(talk: Conversation) -> None:
    """Rule 3: a player, an observer, anyone without a seat: refused, nothing shown."""
    seats = started(talk, 2, seed=5)
    account(talk, "watcher@example.org")
    reply(talk, "watcher@example.org", "OBSERVE maze gmpw")
    text = format_maze(maze(talk))
    address, signon = seats["ALPHA"]
    master_only = "only the master of maze may do this (SIGNON M<game> <password> as master)"
    readers = {address: (signon, master_only),
               "watcher@example.org": ("SIGNON Omaze gmpw", master_only),
               "stranger@example.org": ("", "sign on first: SIGNON <power initial><game>")}
    for who, (signon_line, refusal) in readers.items():
        talk.mails_to(who)
        answer = reply(talk, who, f"{signon_line}\nGET MAP\nSET MAP\n{text}\nENDMAP").body
        assert answer.count(refusal) == 2, (who, answer)
        named = set(re.findall(r"\b[A-Z][A-Z0-9]+\b", answer))
        assert not {line.split()[0] for line in lines_of(text)
                    if not before_the_start(line, seats)} & named, (who, answer)
    assert format_maze(maze(talk)) == text


def before_the_start(line: str, seats: dict[str, tuple[str, str]]) -> bool:
    """A home's line: its name is the player's own (rule 4), and may be in his reply."""
    return line.split()[2] in seats


def test_an_edit_changes_what_no_player_knows(talk: Conversation) -> None:
    seats = started(talk, 2, seed=5)
    before = maze(talk)
    hidden = next(s for s in before.spaces.values() if not s.home and s.value == 0)
    line = f"{hidden.name} 1 - {' '.join(str(p) for p in hidden.portals)}"
    text = edited(format_maze(before), hidden.name, line)
    answer = reply(talk, MASTER, f"{GM}\nSET MAP\n{text}\nENDMAP").body
    assert "The map of maze is changed (" in answer, answer
    assert maze(talk).spaces[hidden.name].value == 1
    assert {n: s for n, s in maze(talk).spaces.items() if n != hidden.name} == \
        {n: s for n, s in before.spaces.items() if n != hidden.name}
    play(talk, seats, "F1901M")  # the game goes on, on the edited maze


def test_an_edit_of_what_a_player_learnt_is_refused(talk: Conversation) -> None:
    seats = started(talk, 2, seed=5)
    play(talk, seats, "S1902M")
    before, known = maze(talk), seat_knowledge(talk, "ALPHA")
    found = next(n for n in known["spaces"] if n not in known["homes"])
    space = before.spaces[found]
    line = f"{found} {space.value + 1} - {' '.join(str(p) for p in space.portals)}"
    answer = reply(talk, MASTER, f"{GM}\nSET MAP\n"
                   f"{edited(format_maze(before), found, line)}\nENDMAP").body
    assert f"{found} must stay as it was (ALPHA knows it" in answer, answer
    assert maze(talk) == before and phase_of(talk) == "S1902M"


def test_an_edit_is_checked_as_an_upload_is(talk: Conversation) -> None:
    started(talk, 2, seed=5)
    before = maze(talk)
    hidden = next(s for s in before.spaces.values() if not s.home)
    line = f"{hidden.name} {hidden.value} - {' '.join(str(p) for p in hidden.portals)} QQ/1"
    answer = reply(talk, MASTER, f"{GM}\nSET MAP\n"
                   f"{edited(format_maze(before), hidden.name, line)}\nENDMAP").body
    assert f"of {hidden.name} dangles: it leads to QQ, which is not a space" in answer, answer
    assert maze(talk) == before


def test_a_finished_games_maze_is_read_but_not_changed(talk: Conversation) -> None:
    started(talk, 2, seed=5)
    with talk.judge.db.unit_of_work() as session:
        find_game(session, "maze").state = GameState.FINISHED
    text = format_maze(maze(talk))
    answer = reply(talk, MASTER, f"{GM}\nSET MAP\n{text}\nENDMAP\nGET MAP").body
    assert "maze has ended: its map stays as it was played" in answer, answer
    assert lines_of(text)[0] in answer  # GET MAP: the master keeps reading it
