"""An 1885-III game by mail for the tests: created with CREATE, nine players seated by
their preference, orders sent under each power's SIGNON, the master's commands."""

from __future__ import annotations

import random

from judge.game.games import find_game
from judge.game.lifecycle import join_game, start_game
from judge.store import repo
from tests.conversations.harness import Conversation, Mail
from tests.conversations.seating_helpers import MASTER, account, reply

LETTERS = {"AUSTRIA": "A", "ENGLAND": "E", "FRANCE": "F", "GERMANY": "G", "ITALY": "I",
           "RUSSIA": "R", "SPAIN": "S", "SWEDEN": "W", "TURKEY": "T"}
POWERS = tuple(LETTERS)
GAME = "kiel"


def address(power: str) -> str:
    return f"{power.lower()}@example.org"


def started(talk: Conversation, options: str = "") -> None:
    """Game `kiel` of 1885, created by mail with `options`, nine players seated by their
    preference (the power's name first), the start's mail read."""
    account(talk, MASTER, "Game Master")
    created = reply(talk, MASTER, f"CREATE {GAME} gmpw 1885 {options}".strip())
    assert f"Game {GAME} (1885-III) is created" in created.body, created.body
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, GAME)
        for power in POWERS:
            player = repo.create_account(session, name=power.title(), address=address(power))
            join_game(session, game, player, "pw", [power])
        start_game(session, game, talk.clock, random.Random(1))
    for to in (MASTER, *map(address, POWERS)):
        talk.mails_to(to)


def orders(talk: Conversation, power: str, *lines: str) -> Mail:
    return reply(talk, address(power),
                 "\n".join((f"SIGNON {LETTERS[power]}{GAME} pw", *lines)))


def master(talk: Conversation, *lines: str) -> Mail:
    return reply(talk, MASTER, "\n".join((f"SIGNON M{GAME} gmpw", *lines)))


def choose(talk: Conversation, italy: str = "Build A Rom", russia: str = "Build A StP",
           sweden: str = "Build A Osl") -> None:
    """The set-up turn: the three choices, then the master processes it (the others have
    nothing to write, and a game that keeps anything from its players waits for all)."""
    for power, line in (("ITALY", italy), ("RUSSIA", russia), ("SWEDEN", sweden)):
        sent = orders(talk, power, line)
        assert "error" not in sent.body.lower(), sent.body
    done = master(talk, "PROCESS")
    assert "December 1884 Set-up is processed" in done.body, done.body
