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
    winter = [m for m in mail["ALPHA"] if "Winter 1903" in m.subject]
    assert winter and "Centres: A " in winter[-1].body  # rule 7, published to all


def test_the_master_reads_the_maze_and_each_player_his_map(talk: Conversation) -> None:
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
        [picture] = pictures(talk, seats[power][0])
        assert f">{first}<" in picture
        others = {s.name for s in maze.spaces.values() if s.home not in (None, power)}
        assert not any(f">{name}<" in picture for name in others)
    [whole] = pictures(talk, MASTER)
    assert all(f">{name}<" in whole for name in maze.spaces)


def pictures(talk: Conversation, address: str) -> list[str]:
    """The maze pictures the turn reports to `address` carry (the outbox keeps the files
    beside the text, which the sender joins at delivery)."""
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage)).all()
        return [a.data.decode() for r in rows if address in r.recipients
                for a in r.attachments if a.filename == "maze.svg"]
