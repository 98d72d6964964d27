"""Issue #17, rule 4 by mail: the start notice tells each player his home spaces, how many
portals each has and which of them join his homes, and nothing of anyone else's; the
master is told where his maze is (GET MAP)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.game.games import find_game
from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import account, reply
from tests.variants.folder_games import MASTER
from variants.algernon.maze import maze_from_json


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def test_each_player_is_told_his_homes_and_their_portals(talk: Conversation) -> None:
    account(talk, MASTER, "GM")
    reply(talk, MASTER, "CREATE gamma gmpw algernon players=2")
    for i in range(2):
        account(talk, f"p{i}@example.org", f"P{i}")
        reply(talk, f"p{i}@example.org", f"JOIN gamma pw{i}")
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "gamma")
        maze = maze_from_json(dict(game.variant_map or {})["maze"])
        powers = {s.account.addresses[0].address: s.power for s in game.seats if s.power}
    for address, power in powers.items():
        [notice] = [m for m in talk.mails_to(address) if "has started" in m.subject]
        homes = sorted(maze.homes(power))
        for home in homes:
            ends = [f"{i} {p}" if p.to in homes else f"{i} ?"
                    for i, p in enumerate(maze.spaces[home].portals, start=1)]
            count = f"{len(ends)} portal" + ("" if len(ends) == 1 else "s")  # "1 portal"
            assert f"  {home} (HSC, {count}): {', '.join(ends)}\n" in notice.body, notice.body
        assert f"  Units At: {', '.join(homes)}" in notice.body
        others = {n for n in maze.spaces if n not in homes}
        assert not any(f" {n} " in notice.body or f" {n}/" in notice.body for n in others)
    [master] = [m for m in talk.mails_to(MASTER) if "has started" in m.subject]
    assert "GET MAP mails it to you" in master.body
