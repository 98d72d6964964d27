"""A started standard game for deadline tests: its clock, its orders, its mail.

Default schedule (judge.game.settings.Schedule): movement 72 hours, grace 24 hours, one
reminder 24 hours before the deadline, NMR hold, 12 hours' margin after an outage. The game
starts Monday 2 Nov 2026 09:00 UTC, so S1901M is due Thursday 5 Nov 09:00 UTC.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa

from judge.game.clock import ManualClock
from judge.game.games import settings_of, store_settings
from judge.game.lifecycle import create_game, join_game, start_game
from judge.store import repo
from judge.store.db import Database
from judge.store.models import Game, Turn
from judge.store.repo_games import current_turn
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import START, Conversation

DEADLINE = START + timedelta(hours=72)
GRACE_END = DEADLINE + timedelta(hours=24)
HOLDS = {
    "AUSTRIA": ["A Bud H", "A Vie H", "F Tri H"],
    "ENGLAND": ["F Edi H", "F Lon H", "A Lvp H"],
    "FRANCE": ["F Bre H", "A Mar H", "A Par H"],
    "GERMANY": ["F Kie H", "A Ber H", "A Mun H"],
    "ITALY": ["F Nap H", "A Rom H", "A Ven H"],
    "RUSSIA": ["A War H", "A Mos H", "F Sev H", "F Stp/sc H"],
    "TURKEY": ["F Ank H", "A Con H", "A Smy H"],
}
EVERYONE_BUT_FRANCE = ("AUSTRIA", "ENGLAND", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
MASTER = "gm@example.org"


class Table:
    """A started standard game `alpha` and the means to move its clock and read its mail."""

    def __init__(self, database: Database, name: str = "alpha",
                 clock: ManualClock | None = None, **schedule: Any) -> None:
        self.talk = Conversation(database, clock)
        self.db, self.clock, self.name = database, self.talk.clock, name
        with database.unit_of_work() as session:
            game = forming_game(session, name, **schedule)
            start_game(session, game, self.clock, random.Random(1))
            self.address = {s.power: s.account.addresses[0].address
                            for s in game.seats if s.power}

    def order(self, *powers: str, lines: dict[str, list[str]] = HOLDS) -> None:
        with self.db.unit_of_work() as session:
            turn = self.turn(session)
            for power in powers:
                repo.submit_orders(session, turn, power, lines[power],
                                   submitted_at=self.clock.now())

    def game(self, session: sa.orm.Session) -> Game:
        found = repo.game_by_name(session, self.name)
        assert found is not None
        return found

    def turn(self, session: sa.orm.Session) -> Turn:
        turn = current_turn(session, self.game(session))
        assert turn is not None
        return turn

    def sweep(self) -> list[str]:
        return sweep_all(self.db, self.clock, self.talk.judge.postman)

    def at(self, when: datetime) -> list[str]:
        self.clock.set(when)
        return self.sweep()

    def subjects(self, address: str) -> list[str]:
        return [mail.subject for mail in self.talk.mails_to(address)]

    def mails_to_players(self) -> dict[str, list[str]]:
        return {power: self.subjects(address) for power, address in self.address.items()}


def forming_game(session: sa.orm.Session, name: str, **schedule: Any) -> Game:
    master = repo.account_by_address(session, MASTER) or repo.create_account(
        session, name="Master", address=MASTER)
    game = create_game(session, name=name, password="gmpw", variant="standard", master=master)
    settings = settings_of(game)
    store_settings(game, replace(settings, schedule=replace(settings.schedule, **schedule)))
    for i in range(7):
        address = f"{name}{i}@example.org"
        player = repo.create_account(session, name=f"P{i}", address=address)
        join_game(session, game, player, f"pw{i}", [])
    return game
