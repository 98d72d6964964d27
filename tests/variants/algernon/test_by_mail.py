"""Issue #17 item 4: Algernon played by mail on generated mazes, three years and more,
each player ordering from his knowledge record alone; what he is mailed names no space
he has not learnt of (rule 3)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from judge.store.db import Database
from judge.store.models import OutboxMessage
from tests.conversations.harness import Conversation
from tests.pictures.mailed import as_sent
from tests.variants.algernon.mailgame import play, seat_knowledge, started, world
from tests.variants.folder_games import MASTER
from variants.algernon.maze import format_maze, maze_from_json


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def test_a_two_player_game_of_three_years(talk: Conversation) -> None:
    seats = started(talk, 2, seed=5)
    maze = maze_from_json(world(talk)["maze"])
    mail = play(talk, seats, "S1904M")
    for power in seats:
        known = seat_knowledge(talk, power)
        reports = [m for m in mail[power] if "results" in m.subject]
        assert len(reports) >= 9  # three springs, falls and winters
        last_moves = [m for m in reports if "Fall 1903 Movement" in m.subject][-1]
        assert "Units At: " in last_moves.body
        named = {w for m in mail[power] for w in re.findall(r"\b[A-Z]{2}\b", m.body)}
        unknown = (named & set(maze.spaces)) - set(known["spaces"])
        assert not unknown, f"{power} was mailed {unknown}, which he never learnt of"
        assert len(known["spaces"]) > len(known["homes"])  # he did discover the maze
    told = "\n".join(m.body for m in mail["ALPHA"])
    # The order lists are in the rules' notation too (I.A.2), not the standard frame's.
    assert re.search(r"Alpha: +[A-Z0-9]+ h\.\n", told) and " HOLD." not in told
    winter = [m for m in mail["ALPHA"] if "Winter 1903" in m.subject]
    assert winter and "Centres: A " in winter[-1].body  # rule 7, published to all


def test_the_master_reads_the_maze_and_each_player_his_map(
        talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule 3 and issue #17 item 2: the reports' pictures, through the board renderer
    (PNG shown, SVG attached, as other variants'), per reader."""
    monkeypatch.setenv("JUDGE_PICTURES", "on")
    seats = started(talk, 2, seed=8)
    maze = maze_from_json(world(talk)["maze"])
    mail = play(talk, seats, "F1901M")
    [master] = [m for m in talk.mails_to(MASTER) if "results" in m.subject]
    assert format_maze(maze).strip() in master.body  # rule 3: his, and only his
    for power in seats:
        [report] = [m for m in mail[power] if "results" in m.subject]
        assert "The maze (for the master" not in report.body
        first = sorted(maze.homes(power))[0]
        assert "Your map so far" in report.body and f"\n  {first} (HSC, " in report.body
        files = pictures(talk, seats[power][0])
        assert sorted(files) == ["maze-S1901M.png", "maze-S1901M.svg"]
        drawn = spaces_in(files["maze-S1901M.svg"])
        assert first in drawn and drawn <= set(seat_knowledge(talk, power)["spaces"])
        others = {s.name for s in maze.spaces.values() if s.home not in (None, power)}
        assert not drawn & others
    whole = pictures(talk, MASTER)
    assert spaces_in(whole["maze-S1901M.svg"]) == set(maze.spaces)
    assert whole["maze-S1901M.png"].startswith(b"\x89PNG")


def pictures(talk: Conversation, address: str) -> dict[str, bytes]:
    """The pictures the turn reports to `address` carry, by file name, as the sender sends
    them (the outbox keeps the files beside the text, the PNG still to draw from its SVG:
    tests/pictures/mailed.py; the game started with pictures off)."""
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage)).all()
        return {a.filename: a.data for r in rows if address in r.recipients
                for a in as_sent(r)}


def spaces_in(svg: bytes) -> set[str]:
    """The spaces a maze picture names (their labels)."""
    return set(re.findall(r">([A-Z][A-Z0-9]+)</text>", svg.decode()))
