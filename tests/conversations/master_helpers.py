"""A game at a table for the master's conversation tests: a master, seven players, mail.

    table = Table.seated(talk)              # forming, full; Table.started(talk) to play
    table.master("PROCESS S1901M")          # SIGNON Malpha <password> prepended
    table.player("FRANCE", "A par-bur")     # the same, as France's player

The game starts Monday 2 Nov 2026 09:00 UTC; the default schedule (movement 72 hours,
grace 24 hours) gives S1901M its deadline on Thursday 5 Nov 09:00 UTC (DEADLINE).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from judge.game.games import find_game
from judge.game.lifecycle import create_game, join_game, start_game
from judge.store import repo
from judge.store.models import (
    Account,
    AccountAddress,
    AuditEntry,
    FutureOrder,
    Game,
    GameState,
    Order,
    SeatStatus,
    Turn,
)
from judge.store.repo_games import turns_of
from tests.conversations.harness import Conversation, Mail

MASTER = "gm@example.org"
MASTER_PASSWORD = "gm-secret"
GAME = "alpha"
DEADLINE = datetime(2026, 11, 5, 9, 0, tzinfo=UTC)


@dataclass
class Table:
    talk: Conversation
    players: dict[str, tuple[str, str]] = field(default_factory=dict)  # power: address, pw
    addresses: list[str] = field(default_factory=list)

    @classmethod
    def seated(cls, talk: Conversation, *, players: int = 7) -> Table:
        """A forming standard game with `players` joined (full at seven), not started."""
        table = cls(talk)
        with talk.judge.db.unit_of_work() as session:
            gm = repo.create_account(session, name="Gamemaster", address=MASTER)
            game = create_game(session, name=GAME, password=MASTER_PASSWORD,
                               variant="standard", master=gm)
            for n in range(players):
                address = f"p{n}@example.org"
                account = repo.create_account(session, name=f"Player {n}", address=address)
                join_game(session, game, account, f"pw{n}", [])
                table.addresses.append(address)
        return table

    @classmethod
    def started(cls, talk: Conversation, seed: int = 1) -> Table:
        table = cls.seated(talk)
        with talk.judge.db.unit_of_work() as session:
            game = find_game(session, GAME)
            start_game(session, game, talk.clock, random.Random(seed))
            table.learn_powers(game)
        for address in (MASTER, *table.addresses):
            talk.mails_to(address)  # start with empty mailboxes
        return table

    def learn_powers(self, game: Game) -> None:
        for seat in game.seats:
            if seat.power is not None and seat.status == SeatStatus.ACTIVE:
                address = seat.account.addresses[0].address
                self.players[seat.power] = (address, f"pw{address[1]}")

    def master(self, body: str, password: str = MASTER_PASSWORD) -> Mail:
        reply = self.talk.send(MASTER, f"SIGNON M{GAME} {password}\n{body}")
        assert reply is not None
        return reply

    def player(self, power: str, body: str) -> Mail:
        address, password = self.players[power]
        reply = self.talk.send(address, f"SIGNON {power[0]}{GAME} {password}\n{body}")
        assert reply is not None
        return reply

    def address(self, power: str) -> str:
        return self.players[power][0]

    def query(self, what: Any) -> Any:
        """Run `what(session, game)` in a fresh unit of work."""
        with self.talk.judge.db.unit_of_work() as session:
            return what(session, find_game(session, GAME))

    def state(self) -> GameState:
        return self.query(lambda s, g: g.state)  # type: ignore[no-any-return]

    def open_phase(self) -> str | None:
        return self.query(lambda s, g: next(  # type: ignore[no-any-return]
            (t.phase for t in turns_of(s, g) if t.processed_at is None), None))

    def snapshot(self) -> list[tuple[str, Any, Any, bool]]:
        """Every turn: phase, position before, position after, processed or not."""
        return self.query(lambda s, g: [  # type: ignore[no-any-return]
            (t.phase, t.position_before, t.position_after, t.processed_at is not None)
            for t in turns_of(s, g)])

    def open_turn(self) -> dict[str, Any]:
        """The open turn's deadline, grace end and notices."""
        def read(session: sa.orm.Session, game: Game) -> dict[str, Any]:
            turn = session.scalars(sa.select(Turn).where(
                Turn.game_id == game.id, Turn.processed_at.is_(None))).one()
            return {"phase": turn.phase, "deadline": turn.deadline,
                    "grace_until": turn.grace_until, "notices": dict(turn.notices)}
        return self.query(read)  # type: ignore[no-any-return]

    def orders(self, phase: str) -> dict[str, list[str]]:
        """Each power's current order lines for `phase`."""
        def read(session: sa.orm.Session, game: Game) -> dict[str, list[str]]:
            turn = repo.turn_by_phase(session, game, phase)
            assert turn is not None, phase
            return {p: list(o.lines) for p, o in repo.latest_orders(session, turn).items()}
        return self.query(read)  # type: ignore[no-any-return]

    def order_rows(self) -> int:
        return self.query(lambda s, g: s.scalar(  # type: ignore[no-any-return]
            sa.select(sa.func.count()).select_from(Order)))

    def future(self) -> dict[tuple[str, str], list[str]]:
        return self.query(lambda s, g: {  # type: ignore[no-any-return]
            (f.phase, f.power): list(f.lines)
            for f in s.scalars(sa.select(FutureOrder).where(FutureOrder.game_id == g.id))})

    def audit(self) -> list[tuple[str, dict[str, Any]]]:
        return self.query(lambda s, g: [  # type: ignore[no-any-return]
            (e.action, dict(e.detail)) for e in s.scalars(
                sa.select(AuditEntry).where(AuditEntry.game_id == g.id)
                .order_by(AuditEntry.id))])

    def actions(self) -> list[str]:
        return [action for action, _ in self.audit()]

    def settings(self) -> dict[str, Any]:
        return self.query(lambda s, g: {  # type: ignore[no-any-return]
            "schedule": dict(g.deadline_settings), "press": dict(g.press_settings),
            "draw": dict(g.draw_settings), "result": g.result})


def done(reply: Mail, line: str) -> str:
    """The reply's text for the Done entry that quotes `line` (its details joined)."""
    body = reply.body
    assert "\nDone\n" in body, body
    part = body.split("\nDone\n", 1)[1].split("\nErrors\n", 1)[0]
    return _entry(part, line, body)


def error(reply: Mail, line: str) -> str:
    """The reason given for the error on `line`."""
    body = reply.body
    assert "\nErrors\n" in body, body
    assert reply.subject.startswith("[errors]"), reply.subject
    part = body.split("\nErrors\n", 1)[1]
    return _entry(part, line, body)


def _entry(section: str, line: str, body: str) -> str:
    lines = section.splitlines()
    for index, text in enumerate(lines):
        if text.startswith("line ") and text.split(": ", 1)[1] == line:
            details = []
            for more in lines[index + 1:]:
                if not more.startswith("    ") and more:
                    break
                details.append(more.strip())
            return " ".join(d for d in details if d)
    raise AssertionError(f"no entry for {line!r} in:\n{body}")


def no_errors(reply: Mail) -> Mail:
    assert not reply.subject.startswith("[errors]"), reply.body
    return reply


def set_zone(table: Table, address: str, zone: str) -> None:
    with table.talk.judge.db.unit_of_work() as session:
        account = session.scalars(sa.select(Account).join(AccountAddress)
                                  .where(AccountAddress.address == address)).one()
        account.time_zone = zone


def change_open_turn(table: Table, **values: Any) -> None:
    with table.talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.processed_at.is_(None))).one()
        for name, value in values.items():
            setattr(turn, name, value)


def notices(table: Table, power: str) -> list[tuple[str, str]]:
    return [(m.subject, m.body) for m in table.talk.mails_to(table.address(power))]
