"""An adversary's attack on the decoys through the madman's bidding notice (rn45 D2 with
C8): Russia makes a decoy of its army in Warsaw in Winter 1902; in Spring 1903 the decoy
goes to Galicia and the army holds in game A, the army goes and the decoy holds in game B
(which is which C8 keeps from everyone else). In Fall 1903 Russia sends nothing, and when
the bidding opens every player is mailed the madman's units. The list must read the same
in both games: a list in the board's stored order put the decoy, made last, last."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from judge.store.db import Database
from judge.store.models import Turn
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import Conversation
from tests.secrecy.engineered import MASTER, OBSERVER, decoy_made_in_warsaw, engineered_table
from tests.secrecy.twin import Twin


def deadline_of_open_turn(talk: Conversation) -> datetime:
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.processed_at.is_(None))).one()
        assert turn.deadline is not None
        return turn.deadline.replace(tzinfo=UTC)


def sweep_at(twin: Twin, offset: timedelta) -> None:
    """Both games' clocks at the open turn's deadline plus `offset`; the sweeper runs."""
    when = deadline_of_open_turn(twin.a) + offset
    for talk in (twin.a, twin.b):
        talk.clock.set(when)
        sweep_all(talk.judge.db, talk.clock, talk.judge.postman)
    twin.step += 1  # what the sweep mailed, as if delivered at one more step
    for game in (0, 1):
        twin._collect(twin._worlds[game], game)


def open_bidding(twin: Twin) -> None:
    """Both games' clocks at 24 hours before the deadline, when the bidding opens (D2)."""
    sweep_at(twin, -timedelta(hours=24))


def test_the_madmans_units_are_listed_alike_whichever_is_the_decoy(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    table = engineered_table(twin)
    others = [s.address for p, s in table.players.items() if p != "RUSSIA"]
    russia = decoy_made_in_warsaw(twin, table, *others, OBSERVER.address)
    twin.send(russia.address, f"{russia.signon}\nA War H\nDECOY A War-Gal",
              f"{russia.signon}\nA War-Gal\nDECOY A War H")
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS S1903M")
    open_bidding(twin)  # Russia has sent nothing (D2)
    notice = twin.transcript(others[0])[-1]
    assert "bidding is open" in notice and "Russian units: " in notice, notice
    told = twin.differences([*others, OBSERVER.address])
    assert told == "", told
