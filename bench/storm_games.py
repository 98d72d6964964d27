"""The storm's games and its readings of the database and the mailboxes (issue #18): N
started standard games, every power's orders stored, one deadline for all; how many
turns are processed and reports queued, when the last report was sent, how many are in
Dovecot."""

from __future__ import annotations

import random
from datetime import datetime
from unittest import mock

import sqlalchemy as sa
from mail_game import ORDERS, PLAYERS

from judge.game import lifecycle
from judge.game.clock import SystemClock
from judge.game.games import seats_of
from judge.game.passwords import hash_password
from judge.store import repo
from judge.store.db import Database
from judge.store.models import Account, OutboxMessage, SeatRole, Turn
from tests.mailstack import MailStack

MASTER = "master"
USERS = ("judge", MASTER, *PLAYERS)
GAMES_PER_COMMIT = 50


def set_up(db: Database, games: int, domain: str) -> None:
    """`games` started standard games, every power's orders stored, deadline far off."""
    # The seats' passwords are never used here: one scrypt hash for all of them, not 7N.
    one_hash = hash_password("storm")
    with mock.patch.object(lifecycle, "hash_password", lambda _password: one_hash):
        with db.unit_of_work() as session:
            master = repo.create_account(session, name="Master", address=f"{MASTER}@{domain}")
            players = {user: repo.create_account(session, name=user.title(),
                                                 address=f"{user}@{domain}")
                       for user in PLAYERS}
            master_id, player_ids = master.id, {u: a.id for u, a in players.items()}
        for start in range(0, games, GAMES_PER_COMMIT):
            with db.unit_of_work() as session:
                for number in range(start, min(start + GAMES_PER_COMMIT, games)):
                    _one_game(session, f"storm{number:05d}", master_id, player_ids)


def _one_game(session: sa.orm.Session, name: str, master_id: int,
              player_ids: dict[str, int]) -> None:
    game = lifecycle.create_game(session, name=name, password="gm", variant="standard",
                                 master=_account(session, master_id))
    for user, power in PLAYERS.items():
        lifecycle.join_game(session, game, _account(session, player_ids[user]), "storm",
                            [power])
    turn = lifecycle.start_game(session, game, SystemClock(), random.Random(1))
    for power in PLAYERS.values():
        repo.submit_orders(session, turn, power, list(ORDERS[power][0]))
    # SET WAIT by one player: complete orders would otherwise be processed at once, as soon
    # as a worker starts, not at the deadline the storm is about.
    seats_of(game, SeatRole.PLAYER)[0].waiting = True


def _account(session: sa.orm.Session, account_id: int) -> Account:
    found = repo.account_by_id(session, account_id)
    assert found is not None
    return found


def set_deadline(db: Database, deadline: datetime) -> None:
    with db.unit_of_work() as session:
        session.execute(sa.update(Turn).where(Turn.processed_at.is_(None))
                        .values(deadline=deadline))


def counts(db: Database, games: int | None = None) -> tuple[int, int]:
    """(turns processed, reports queued); (-1, -1) while the workers keep the SQLite file's
    write lock past busy_timeout (the unit of work begins IMMEDIATE): asked again later.
    The reports are counted only once `games` turns are processed, if given (-1 before)."""
    try:
        return count_rows(db, games)
    except sa.exc.OperationalError as exc:
        if "locked" not in str(exc):
            raise
        return -1, -1


def count_rows(db: Database, games: int | None = None) -> tuple[int, int]:
    with db.unit_of_work() as session:
        processed = session.scalar(sa.select(sa.func.count()).select_from(Turn)
                                   .where(Turn.processed_at.is_not(None))) or 0
        # Counting the outbox twice a second was the database's busiest statement in a
        # storm (bench/README.md): a turn's reports are queued in its own transaction.
        queued = session.scalar(sa.select(sa.func.count()).select_from(OutboxMessage)) \
            if games is None or processed >= games else -1
    return processed, queued or 0


def last_sent(db: Database, deadline: datetime) -> float:
    """Seconds from the deadline to the last outbox row's record of its sending."""
    with db.unit_of_work() as session:
        last = session.scalar(sa.select(sa.func.max(OutboxMessage.sent_at)))
    assert isinstance(last, datetime), "nothing was sent"
    return (last - deadline).total_seconds()


def delivered(stack: MailStack) -> int:
    total = 0
    for user in (MASTER, *PLAYERS):
        out = stack.doveadm("-f", "flow", "mailbox", "status", "-u", user, "messages", "INBOX")
        total += int(out.strip().split("=")[-1] or 0)
    return total
