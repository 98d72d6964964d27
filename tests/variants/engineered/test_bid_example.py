"""The bidding notice's example bid is the one HELP ORDERS gives the same player for his
game's map (polish18 item 3: the notice wrote `F StP FOR F Bla - Ank` where HELP ORDERS
wrote navies N, as rn45 B7 does, and named Ankara on the 1885 map, which has none)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from judge.game.games import find_game, game_variant
from tests.conversations.harness import Conversation
from tests.variants.engineered.test_madman import _deadline, _send, _sweep
from tests.variants.folder_games import started


@pytest.mark.parametrize(("map_name", "players"), [("standard", 7), ("1885", 9)])
def test_the_notice_bids_as_help_orders_does(talk: Conversation, map_name: str,
                                          players: int) -> None:
    seats = started(talk, "engineered", players=players,
                    options={"level": "complex", "map": map_name})
    talk.clock.set(_deadline(talk) - timedelta(hours=24))
    assert "alpha S1901M: bidding opened" in _sweep(talk)
    power = next(iter(seats))
    [notice] = [m for m in talk.mails_to(seats[power][0]) if "bidding" in m.subject]
    [example] = [line.strip() for line in notice.body.split("\n")
                 if line.startswith("  BID ")]
    help_page = _send(talk, seats, power, "HELP ORDERS").body
    assert f"  bid                 {example}\n" in help_page, (example, help_page)
    with talk.judge.db.unit_of_work() as session:
        geo = game_variant(find_game(session, "alpha")).rules.geo
    # Every place the example names is a place of the game's map.
    words = example.replace(",", " ").split()
    places = [w.lower() for w in words if len(w) == 3 and w not in ("BID", "FOR")]
    assert places and all(p in geo.provinces for p in places), example
