"""Rules 7 and 9 by mail, on the demonstration maze (variants/algernon/demo.maze): "On
each fall turn the players should submit a priority list of home centers they wish to
build in ... Players will be notified where their builds took place" (9), and "After
each build the gamesmaster will publish the number of supply centers each player owns.
This is all he makes public" (7).

Worked by hand: ALPHA's PZ goes out of its portal 4 into RT (a neutral centre) in the
Spring and holds it in the Fall, when DL goes out of its portal 3 into JC: ALPHA owns DL,
MN, PZ and RT with three rats, so one build is due, and his list `Build DL, PZ, MN` puts
it in DL, the first free home. BRAVO holds: three centres, three rats, nothing to build."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.store.db import Database
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import Conversation
from tests.variants.algernon.scenario import A, B, demo
from tests.variants.folder_games import started
from variants.algernon.maze import world_of


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def test_the_builder_is_told_where_and_everyone_the_counts(talk: Conversation) -> None:
    seats = started(talk, "algernon", 1, "maze", 2, {"players": 2}, world_of(demo()))
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    talk.send(alpha, f"{alpha_signon}\nPZ to 4\nDL h\nMN h\n")
    talk.send(bravo, f"{bravo_signon}\nPW h\n")
    talk.send(alpha, f"{alpha_signon}\nRT h\nDL to 3\nBuild DL, PZ, MN\n")
    talk.send(bravo, f"{bravo_signon}\nPW h\n")
    talk.mails_to(alpha)
    talk.mails_to(bravo)
    sweep_all(talk.judge.db, talk.clock, talk.judge.postman)  # the Winter, nobody ordering
    [mine] = [m for m in talk.mails_to(alpha) if "Winter 1901" in m.subject]
    [theirs] = [m for m in talk.mails_to(bravo) if "Winter 1901" in m.subject]
    assert "Build DL" in mine.body and "Units At: DL, JC, MN, RT" in mine.body, mine.body
    for body in (mine.body, theirs.body):
        assert "Centres: A 4, B 3" in body, body
    assert "DL" not in theirs.body and "Build" not in theirs.body, theirs.body
