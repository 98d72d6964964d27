"""A started standard game for conversation tests, set up through the game layer.

Seven players p0..p6@example.org with passwords pw0..pw6, master gm@example.org with
password gmpw; the powers are dealt by lot from a fixed seed.
"""

from __future__ import annotations

import random

from judge.game.lifecycle import create_game, join_game, start_game
from judge.store import repo
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, Player


def started_game(talk: Conversation, name: str = "alpha", seed: int = 1,
                 variant: str = "standard") -> dict[str, Player]:
    with talk.judge.db.unit_of_work() as session:
        master = repo.create_account(session, name="Game Master", address=MASTER)
        game = create_game(session, name=name, password="gmpw", variant=variant,
                           master=master)
        for i in range(7):
            account = repo.create_account(session, name=f"Player {i}",
                                          address=f"p{i}@example.org")
            join_game(session, game, account, f"pw{i}", [])
        start_game(session, game, talk.clock, random.Random(seed))
        players = {seat.power: Player(seat.power, seat.account.addresses[0].address,
                                      f"pw{seat.account.addresses[0].address[1]}")
                   for seat in game.seats if seat.power}
    talk.mails_to(MASTER)
    for player in players.values():
        talk.mails_to(player.address)  # forget the start: tests look at what follows
    return players
