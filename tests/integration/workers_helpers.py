"""Helpers of the several-workers test: `judge serve` processes on one PostgreSQL database,
started games whose players write by SMTP, and what the database says was done.

Each worker is a real `judge serve` with its own SMTP receiver and working folder (its
claims journal), sending through one SMTP sink that keeps every message it accepted.
"""

from __future__ import annotations

import email
import email.policy
import os
import random
import smtplib
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import sqlalchemy as sa

from judge.game.clock import SystemClock
from judge.game.lifecycle import start_game
from judge.store.db import Database
from judge.store.models import Game, InboxMessage, OutboxMessage, Turn
from tests.conversations.deadlines import HOLDS, forming_game
from tests.conversations.seating_helpers import POWERS
from tests.integration.judge_process import READY, ServeProcess
from tests.mailstack_process import free_port

JUDGE = "judge@example.org"


class Worker(ServeProcess):
    """One `judge serve` on the shared database, stopped, killed or started again."""

    def __init__(self, name: str, url: str, base: Path, sink_port: int, **extra: str) -> None:
        self.name = name
        self.port = free_port()
        super().__init__(base / name, {
            **os.environ, "JUDGE_DATABASE_URL": url, "JUDGE_ADDRESS": JUDGE,
            "JUDGE_DOMAIN": "example.org", "JUDGE_LISTEN": f"127.0.0.1:{self.port}",
            "JUDGE_IMAP_HOST": "", "JUDGE_SMTP_HOST": "127.0.0.1",
            "JUDGE_SMTP_PORT": str(sink_port), "JUDGE_MESSAGES_PER_HOUR": "100000", **extra})
        self.workdir.mkdir(parents=True, exist_ok=True)

    def start(self, **changes: str | None) -> Worker:
        """Start (again), the environment changed first (None removes a variable)."""
        return self.wait_ready(self.launch(**changes))

    def launch(self, **changes: str | None) -> int:
        """Start the process without waiting for it: the log's length before it, for
        wait_ready (several workers start at once)."""
        for key, value in changes.items():
            if value is None:
                self.env.pop(key, None)
            else:
                self.env[key] = value
        return self._popen()

    def wait_ready(self, offset: int, timeout: float = 60.0) -> Worker:
        deadline = time.monotonic() + timeout
        while READY not in self.log_text(offset):
            assert self.process is not None
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{self.name} did not start:\n{self.log_text(offset)}")
            time.sleep(0.05)
        return self


@dataclass(frozen=True)
class Seat:
    game: str
    power: str
    address: str
    password: str

    def orders(self) -> str:
        return "\n".join([f"SIGNON {POWERS[self.power]}{self.game} {self.password}",
                          *HOLDS[self.power], "SIGNOFF", ""])


def started_games(db: Database, names: list[str], deadline: datetime | None
                  ) -> dict[str, list[Seat]]:
    """Standard games started now on the wall clock, no grace and no reminders; each
    game's seats by power. `deadline`: when their first turn is due, else in 72 hours."""
    seats: dict[str, list[Seat]] = {}
    with db.unit_of_work() as session:
        for name in names:
            game = forming_game(session, name, grace=timedelta(0), reminders=())
            turn = start_game(session, game, SystemClock(), random.Random(1))
            if deadline is not None:
                turn.deadline = deadline
            seats[name] = sorted(
                (Seat(name, s.power, s.account.addresses[0].address,
                      f"pw{s.account.addresses[0].address[len(name)]}")
                 for s in game.seats if s.power), key=lambda seat: seat.power)
    return seats


def order_mail(seat: Seat) -> bytes:
    composed = EmailMessage()
    composed["From"], composed["To"] = seat.address, JUDGE
    composed["Subject"] = f"{seat.game} orders"
    composed["Message-ID"] = f"<{seat.game}-{seat.power}-{time.monotonic_ns()}@players.example>"
    composed.set_content(seat.orders())
    return composed.as_bytes()


def submit(workers: list[Worker], raws: list[bytes], fallback: Sequence[Worker] = ()) -> None:
    """Each message to the next of `workers`' receivers in turn, else to the first of
    `fallback` that takes it, as a relay with several next hops does when one is down."""
    for index, raw in enumerate(raws):
        turn = [workers[(index + i) % len(workers)] for i in range(len(workers))]
        if not any(_deliver(worker, raw) for worker in [*turn, *fallback]):
            raise RuntimeError("no worker took the message")


def _deliver(worker: Worker, raw: bytes) -> bool:
    sender = email.utils.parseaddr(header(raw, "From"))[1]
    try:
        with smtplib.SMTP("127.0.0.1", worker.port, timeout=30) as smtp:
            smtp.sendmail(sender, [JUDGE], raw)
    except (OSError, smtplib.SMTPException):
        return False
    return True


def header(data: bytes, name: str) -> str:
    return str(email.message_from_bytes(data, policy=email.policy.default)[name])


@dataclass(frozen=True)
class Record:
    """What the database says: each inbox row's state, replies per inbox row, turns per
    game (phase, processed), reports per (game, recipient), and the outbox rows."""

    inbox_states: Counter[str]
    replies: Counter[int]
    turns: dict[str, list[tuple[str, bool]]]
    reports: Counter[tuple[str, str]]
    outbox: list[tuple[int, str, int, str]]  # id, state, attempts, Message-ID


def record(db: Database) -> Record:
    with db.unit_of_work() as session:
        inbox = list(session.scalars(sa.select(InboxMessage)))
        outbox = list(session.scalars(sa.select(OutboxMessage).order_by(OutboxMessage.id)))
        turns: dict[str, list[tuple[str, bool]]] = {}
        for game_name, phase, done in session.execute(
                sa.select(Game.name, Turn.phase, Turn.processed_at.is_not(None))
                .join(Turn, Turn.game_id == Game.id).order_by(Turn.id)):
            turns.setdefault(game_name, []).append((phase, bool(done)))
        replies = Counter(row.in_reply_to_id for row in outbox if row.in_reply_to_id)
        reports: Counter[tuple[str, str]] = Counter()
        for row in outbox:
            subject = header(row.message, "Subject")
            if subject.endswith("Spring 1901 Movement results"):
                reports[(subject.split(":")[0], ",".join(row.recipients))] += 1
        return Record(Counter(row.state.value for row in inbox),
                      Counter({row.id: replies[row.id] for row in inbox}), turns, reports,
                      [(row.id, row.state.value, row.attempts, header(row.message, "Message-ID"))
                       for row in outbox])


def journal_claims(worker: Worker) -> set[int]:
    """The outbox rows the worker's claims journal names (mail/outbound/claims.py): what it was
    sending when it was killed."""
    lines = (worker.workdir / "var" / "outbox-claims").read_text().splitlines()[1:]
    return {int(line.split()[0]) for line in lines}
