"""Algernon games by mail: a game created with a generated maze, N players joined."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from judge.game.games import current_turn, find_game, position_of
from judge.game.knowledge import knowledge_of
from judge.game.lifecycle import create_game, join_game, start_game
from judge.store import repo
from tests.conversations.harness import Conversation, Mail

MASTER = "gm@example.org"


def started(talk: Conversation, players: int, seed: int, name: str = "maze",
            maze: Mapping[str, Any] | None = None, **options: object
            ) -> dict[str, tuple[str, str]]:
    """Each power -> its player's address and SIGNON line; the start's mail is read.
    `maze`: the game's map in place of the one made for it (the master's own)."""
    with talk.judge.db.unit_of_work() as session:
        master = repo.account_by_address(session, MASTER) or repo.create_account(
            session, name="Master", address=MASTER)
        game = create_game(session, name=name, password="gmpw", variant="algernon",
                           master=master, seed=seed, options={"players": players, **options})
        if maze is not None:
            game.variant_map = dict(maze)
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


def world(talk: Conversation, name: str = "maze") -> dict[str, Any]:
    with talk.judge.db.unit_of_work() as session:
        found = find_game(session, name).variant_map
    assert found is not None
    return dict(found)


def seat_knowledge(talk: Conversation, power: str, name: str = "maze") -> dict[str, Any]:
    with talk.judge.db.unit_of_work() as session:
        return knowledge_of(session, find_game(session, name), power)


def phase_of(talk: Conversation, name: str = "maze") -> str:
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, name))
        assert turn is not None
        return str(position_of(turn).phase)


def orders_from(known: Mapping[str, Any], turn: int) -> list[str]:
    """A player's orders computed from his knowledge record alone: each rat tries a
    portal that changes with the turn, holds every third turn; the lists every time."""
    lines = []
    for i, space in enumerate(known["units"]):
        count = known["spaces"][space]["portals"]
        if (turn + i) % 3 == 2:
            lines.append(f"{space} h")
        else:
            lines.append(f"{space} to {(turn + i) % count + 1}")
        lines.append(f"{space}({','.join(str(p) for p in range(count, 0, -1))})")
    homes = known["homes"]
    return [*lines, f"Build {', '.join(homes)}"] if homes else lines


def play(talk: Conversation, seats: Mapping[str, tuple[str, str]], until: str,
         name: str = "maze") -> dict[str, list[Mail]]:
    """Every seat orders by `orders_from` until the game reaches phase `until`; each
    power -> the mail its player got."""
    mail: dict[str, list[Mail]] = {p: [] for p in seats}
    for turn in range(40):
        if phase_of(talk, name) == until:
            return mail
        for power, (address, signon) in sorted(seats.items()):
            lines = orders_from(seat_knowledge(talk, power, name), turn)
            talk.send(address, "\n".join([signon, *lines]) + "\n")
        for power, (address, _) in seats.items():
            mail[power] += talk.mails_to(address)
    raise AssertionError(f"the game did not reach {until}")
