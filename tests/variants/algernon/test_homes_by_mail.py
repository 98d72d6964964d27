"""Issue #17 (algfix item 1), rule 4 by mail: on a maze the master uploads before the
start (the demonstration maze: ALPHA at DL, MN and PZ, BRAVO at PW, QV and WG), every
player's first results list his homes under "Your map so far", whichever seat he took."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.game.games import find_game
from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply
from variants.algernon.source import DEMO

# rule 4: each player's homes and the portals joining them (demo.maze's lines)
HOMES = {"ALPHA": ["DL (HSC, 4 portals): 1 MN/1, 2 PZ/1, 3 ?, 4 ?",
                   "MN (HSC, 3 portals): 1 DL/1, 2 PZ/3, 3 ?",
                   "PZ (HSC, 4 portals): 1 DL/2, 2 ?, 3 MN/2, 4 ?"],
         "BRAVO": ["PW (HSC, 4 portals): 1 QV/1, 2 WG/1, 3 ?, 4 ?",
                   "QV (HSC, 3 portals): 1 PW/1, 2 WG/3, 3 ?",
                   "WG (HSC, 4 portals): 1 PW/2, 2 ?, 3 QV/2, 4 ?"]}


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    account(talk_ := Conversation(database), MASTER, "Game Master")
    yield talk_


def joined(talk: Conversation) -> dict[str, str]:
    """The master uploads the demonstration maze, two players join: power -> address."""
    answer = reply(talk, MASTER, f"CREATE gamma gmpw algernon players=2\nSET MAP\n"
                                 f"{DEMO.read_text()}ENDMAP")
    assert "replaced by yours" in answer.body, answer.body
    for i in range(2):
        account(talk, f"p{i}@example.org", f"P{i}")
        answer = reply(talk, f"p{i}@example.org", f"JOIN gamma pw{i}")
        assert "You joined" in answer.body, answer.body
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "gamma")
        return {str(s.power): s.account.addresses[0].address for s in game.seats if s.power}


def map_so_far(body: str) -> list[str]:
    lines = body.split("Your map so far", 1)[1].splitlines()[1:]
    return [line.strip() for line in lines[: lines.index("")]]


def test_every_player_knows_his_homes_from_the_first_report(talk: Conversation) -> None:
    seats = joined(talk)
    assert sorted(seats) == ["ALPHA", "BRAVO"]
    for power, address in seats.items():
        talk.mails_to(address)
        hold = "DL h" if power == "ALPHA" else "PW h"
        reply(talk, address, f"SIGNON {power[0]}gamma pw{address[1]}\n{hold}")
    for power, address in seats.items():
        [report] = [m for m in talk.mails_to(address) if "results" in m.subject]
        assert "Your map so far" in report.body, report.body
        assert map_so_far(report.body) == HOMES[power], report.body
