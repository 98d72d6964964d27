"""Held-out (rules18f item b): centre values. Rule 6: the first time a rat tries a space
its player "is told the name of the space, its value as a supply center, ...". The builds
count a centre's value (a master's maze may make one worth 2: it supports two rats),
while rule 7's published counts and victory count centres. A value of 2 was never told:
the report said only `RT1 NSC 4` and "a neutral supply centre", so a player could not
know why he built two rats for one centre. The demonstration maze with RT made worth 2:
PZ's portal 4 leads to RT, arriving through RT's portal 1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.variants.algernon.mailgame import started
from tests.variants.folder_games import send_orders
from variants.algernon.maze import parse_maze, world_of
from variants.algernon.source import DEMO


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def test_a_centre_worth_two_is_told_with_its_value(talk: Conversation) -> None:
    maze = world_of(parse_maze(DEMO.read_text().replace("RT 1 -", "RT 2 -")))
    seats = started(talk, 2, seed=3, maze=maze)
    send_orders(talk, seats["ALPHA"], "PZ to 4")
    send_orders(talk, seats["BRAVO"], "CLEAR")
    [report] = [m for m in talk.mails_to(seats["ALPHA"][0])
                if m.subject == "maze: Spring 1901 Movement results"]
    assert ("  RT1 NSC 4 value 2  -- PZ portal 4 leads to RT (a neutral supply centre of "
            "value 2, supporting 2 rats, 4 portals), entered through its portal 1\n"
            ) in report.body, report.body
    assert "  RT (NSC, value 2, 4 portals): 1 PZ/4, 2 ?, 3 ?, 4 ?\n" in report.body


def test_a_centre_worth_one_is_written_as_the_rules_write_it(talk: Conversation) -> None:
    seats = started(talk, 2, seed=3, maze=world_of(parse_maze(DEMO.read_text())))
    send_orders(talk, seats["ALPHA"], "PZ to 4")
    send_orders(talk, seats["BRAVO"], "CLEAR")
    [report] = [m for m in talk.mails_to(seats["ALPHA"][0])
                if m.subject == "maze: Spring 1901 Movement results"]
    assert ("  RT1 NSC 4  -- PZ portal 4 leads to RT (a neutral supply centre, 4 "
            "portals), entered through its portal 1\n") in report.body, report.body
    assert "  RT (NSC, 4 portals): 1 PZ/4, 2 ?, 3 ?, 4 ?\n" in report.body
