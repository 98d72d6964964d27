"""Games of the tests-only variants in tests/variants/folders/, by mail."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from judge.game.lifecycle import create_game, join_game, start_game
from judge.store import repo
from tests.conversations.harness import Conversation, Mail

FOLDERS = Path(__file__).resolve().parent / "folders"
MASTER = "gm@example.org"
MASTER_SIGNON = "SIGNON Malpha gmpw"


def started(talk: Conversation, variant: str, seed: int | None = None,
            name: str = "alpha", players: int = 2, options: Mapping[str, object] | None = None,
            world: Mapping[str, Any] | None = None) -> dict[str, tuple[str, str]]:
    """A game `name` of `variant` with `players` players (two: NORTH, SOUTH), master
    gm@example.org; each power -> its player's address and SIGNON line. The start's mail
    is read. `world`: the game's map in place of the one made for it (a master's own)."""
    with talk.judge.db.unit_of_work() as session:
        master = repo.account_by_address(session, MASTER) or repo.create_account(
            session, name="Master", address=MASTER)
        game = create_game(session, name=name, password="gmpw", variant=variant,
                           master=master, seed=seed,
                           options=None if options is None else dict(options))
        if world is not None:
            game.variant_map = dict(world)
        for i in range(players):
            address = f"p{i}@example.org"
            player = repo.account_by_address(session, address) or repo.create_account(
                session, name=f"P{i}", address=address)
            join_game(session, game, player, f"pw{i}", [])
        start_game(session, game, talk.clock, random.Random(1))
        seats = {s.power: (s.account.addresses[0].address,
                           f"SIGNON {s.power[0]}{name} pw{s.account.addresses[0].address[1]}")
                 for s in game.seats if s.power}
    for address in (MASTER, *(a for a, _ in seats.values())):
        talk.mails_to(address)
    return seats


def send_orders(talk: Conversation, seat: tuple[str, str], *lines: str) -> Mail:
    """A player's orders by mail: his address and sign-on (`started`'s seat), then `lines`."""
    reply = talk.send(seat[0], "\n".join((seat[1], *lines)) + "\n")
    assert reply is not None
    return reply


def process_turn(talk: Conversation, done: str) -> None:
    """The master (of `started`'s game alpha) processes the turn now; `done`: its name."""
    processed = talk.send(MASTER, "SIGNON Malpha gmpw\nPROCESS")
    assert processed is not None
    assert f"{done} is processed" in processed.body, processed.body
