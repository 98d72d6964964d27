"""Games of the tests-only variants in tests/variants/folders/, by mail."""

from __future__ import annotations

import random
from pathlib import Path

from judge.game.lifecycle import create_game, join_game, start_game
from judge.store import repo
from tests.conversations.harness import Conversation

FOLDERS = Path(__file__).resolve().parent / "folders"
MASTER = "gm@example.org"
MASTER_SIGNON = "SIGNON Malpha gmpw"


def started(talk: Conversation, variant: str) -> dict[str, tuple[str, str]]:
    """A two-player game `alpha` of `variant` (NORTH, SOUTH), master gm@example.org;
    each power -> its player's address and SIGNON line. The start's mail is read."""
    with talk.judge.db.unit_of_work() as session:
        master = repo.create_account(session, name="Master", address=MASTER)
        game = create_game(session, name="alpha", password="gmpw", variant=variant,
                           master=master)
        for i in range(2):
            player = repo.create_account(session, name=f"P{i}", address=f"p{i}@example.org")
            join_game(session, game, player, f"pw{i}", [])
        start_game(session, game, talk.clock, random.Random(1))
        seats = {s.power: (s.account.addresses[0].address,
                           f"SIGNON {s.power[0]}alpha pw{s.account.addresses[0].address[1]}")
                 for s in game.seats if s.power}
    for address in (MASTER, *(a for a, _ in seats.values())):
        talk.mails_to(address)
    return seats
