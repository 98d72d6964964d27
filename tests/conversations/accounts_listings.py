"""Set-up shared by the account and listing conversation tests.

Games are made with judge.game.lifecycle rather than by mail, and turns processed with
judge.game.progress, so these tests do not wait on the CREATE / JOIN / master families.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.engine.turn import TurnResult
from judge.game.games import current_turn, find_game
from judge.game.lifecycle import create_game, join_game, start_game
from judge.game.progress import process_and_report
from judge.store import repo
from tests.conversations.harness import Conversation

NAMES = ("Ann Archer", "Ben Baker", "Cid Cooper", "Dee Dyer", "Eve Eliot", "Fay Fisher",
         "Gus Glover")
MASTER_PASSWORD = "gmpw"


@dataclass(frozen=True)
class Player:
    name: str
    address: str
    password: str


def standard_game(talk: Conversation, name: str = "alpha", *, players: int = 7,
                  start: bool = True, seed: int = 1) -> dict[str, Player]:
    """A standard game mastered by gm-<name>@example.org; its players by power (by
    'joined-<i>' while the game is forming, powers being given out at the start)."""
    with talk.judge.db.unit_of_work() as session:
        master = repo.create_account(session, name="Gina Master",
                                     address=f"gm-{name}@example.org")
        game = create_game(session, name=name, password=MASTER_PASSWORD, variant="standard",
                           master=master)
        joined: dict[int, Player] = {}
        for index in range(players):
            player = Player(NAMES[index], f"{name}-p{index}@example.org", f"pw{index}")
            person = repo.create_account(session, name=player.name, address=player.address)
            joined[join_game(session, game, person, player.password, []).id] = player
        if not start:
            return {f"joined-{i}": p for i, p in enumerate(joined.values())}
        start_game(session, game, talk.clock, random.Random(seed))
        return {seat.power: joined[seat.id] for seat in game.seats if seat.power}


def process(talk: Conversation, name: str,
            orders: Mapping[str, Sequence[str]] | None = None) -> TurnResult:
    """Store `orders` (power -> order lines) for the open turn, then process it."""
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, name)
        turn = current_turn(session, game)
        assert turn is not None
        for power, lines in (orders or {}).items():
            repo.submit_orders(session, turn, power, lines, submitted_at=talk.clock.now())
        return process_and_report(session, game, talk.clock, talk.judge.postman)


def register(talk: Conversation, address: str, name: str, zone: str = "UTC") -> None:
    reply = talk.send(address, f"REGISTER\nname: {name}\nzone: {zone}\nEND\n")
    assert reply is not None and "Registered" in reply.body, reply
