"""Issue #17: the master uploads his own maze by mail (SET MAP ... ENDMAP, before the game
starts), checked with clear errors; only he may. After the start: test_master_edit.py."""

from __future__ import annotations

import email
import email.policy
from collections.abc import Iterator
from email.message import EmailMessage

import pytest

from judge.game.games import find_game
from judge.store.db import Database
from tests.conversations.harness import Conversation, raw_message
from tests.conversations.seating_helpers import MASTER, account, reply
from variants.algernon.maze import maze_from_json
from variants.algernon.source import DEMO

CREATE = "CREATE gamma gmpw algernon players=2"


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    account(talk_ := Conversation(database), MASTER, "Game Master")
    yield talk_


def uploaded(talk: Conversation) -> set[str]:
    with talk.judge.db.unit_of_work() as session:
        world = find_game(session, "gamma").variant_map
    assert world is not None
    return set(maze_from_json(world["maze"]).spaces)


def test_the_master_uploads_the_demonstration_maze(talk: Conversation) -> None:
    answer = reply(talk, MASTER, f"{CREATE}\nSET MAP\n{DEMO.read_text()}ENDMAP")
    assert "The map of gamma is replaced by yours (14 spaces)" in answer.body, answer.body
    assert uploaded(talk) >= {"DL", "MN", "PZ", "PW", "QV", "WG", "VT"}


def with_file(sender: str, body: str, name: str, text: str) -> bytes:
    """A message whose body holds `body` and which carries `text` as the file `name`."""
    message = email.message_from_bytes(raw_message(sender, body),
                                       policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    message.add_attachment(text, subtype="plain", filename=name)
    return message.as_bytes()


def test_the_maze_may_come_as_a_file(talk: Conversation) -> None:
    """Issue #17: "sent by mail as an attachment or a block in the body"."""
    reply(talk, MASTER, CREATE)
    body = "SIGNON Mgamma gmpw\nSET MAP\nENDMAP\n"
    answer = talk.deliver(with_file(MASTER, body, "demo.maze", DEMO.read_text()))
    assert answer is not None
    assert "The map of gamma is replaced by yours (14 spaces)" in answer.body, answer.body
    assert uploaded(talk) >= {"DL", "MN", "PZ", "PW", "QV", "WG", "VT"}


def test_without_a_file_an_empty_block_is_refused(talk: Conversation) -> None:
    reply(talk, MASTER, CREATE)
    answer = reply(talk, MASTER, "SIGNON Mgamma gmpw\nSET MAP\nENDMAP")
    assert "or attach it as a text file and write SET MAP and ENDMAP with nothing " \
        "between" in answer.body, answer.body


def test_a_maze_with_problems_is_refused_with_each_of_them(talk: Conversation) -> None:
    reply(talk, MASTER, CREATE)
    before = uploaded(talk)
    broken = DEMO.read_text().replace("HB 0 - RT/4 BN/4", "HB 0 - RT/4 BN/4 QQ/1")
    answer = reply(talk, MASTER, f"SIGNON Mgamma gmpw\nSET MAP\n{broken}ENDMAP")
    assert "portal 3 of HB dangles: it leads to QQ, which is not a space" in answer.body
    assert uploaded(talk) == before
    three = reply(talk, MASTER, f"SIGNON Mgamma gmpw\nSET MAP\n{DEMO.read_text()}"
                  "XA 1 C XB/1\nXB 1 C XA/1 XC/1\nXC 1 C XB/2 HB/3\nENDMAP")
    assert "the maze has homes for 3 players, the game has 2" in three.body, three.body


def test_only_the_master_may(talk: Conversation) -> None:
    reply(talk, MASTER, CREATE)
    account(talk, "p@example.org", "Pat")
    answer = reply(talk, "p@example.org", f"SET MAP\n{DEMO.read_text()}ENDMAP")
    assert "The map of gamma is replaced" not in answer.body


def test_a_variant_without_a_form_of_its_own_says_so(talk: Conversation) -> None:
    answer = reply(talk, MASTER, "CREATE delta gmpw standard\nSET MAP\nDL 1 A MN/1\nENDMAP")
    assert "standard takes no map from its master" in answer.body, answer.body


def test_once_started_a_new_maze_must_keep_what_the_players_know(talk: Conversation) -> None:
    """After the start the demonstration maze cannot replace the game's: the homes the
    players were told of (rule 4) would change (test_master_edit.py: what may)."""
    reply(talk, MASTER, CREATE)
    for i in range(2):
        account(talk, f"p{i}@example.org", f"P{i}")
        reply(talk, f"p{i}@example.org", f"JOIN gamma pw{i}")
    answer = reply(talk, MASTER, f"SIGNON Mgamma gmpw\nSET MAP\n{DEMO.read_text()}ENDMAP")
    assert "the map was not taken:" in answer.body, answer.body
    assert "must stay as it was (ALPHA knows it; a rat of ALPHA stands in it; ALPHA owns it)" \
        in answer.body, answer.body
