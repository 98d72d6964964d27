"""An adversary's attack on the decoys (rn45 C2 2b, C8): which of Russia's two identical
armies is the decoy must not show in the Winters that follow. Russia owes a removal and
sends nothing; civil disorder removes one of the two, the same place in both games. The
games differ only in which of the two was the decoy; the other players and the observer
must receive the same mail in that Winter, the year after and the next Winter."""

from __future__ import annotations

import sqlalchemy as sa

from judge.engine.codec import position_from_json
from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from judge.store.models import Turn
from tests.conversations.harness import Conversation
from tests.secrecy.engineered import MASTER, OBSERVER, decoy_board, engineered_table
from tests.secrecy.noninterference import Table
from tests.secrecy.twin import Twin

READS = "ORDERS\nLIST beta\nHISTORY beta\nSUMMARY beta\nBOARD"
# Russia owns its four centres and has five military units besides the decoy (its four at
# the start and one of the two armies): it owes one
# removal. Galicia and Ukraine are both one step from its centres; civil disorder takes
# Galicia's army (the name breaks the tie), the decoy in game B, the real army in game A.
ADDED = [Unit("RUSSIA", "A", "ukr"), Unit("RUSSIA", "A", "gal")]


def others(table: Table) -> list[str]:
    return [s.address for p, s in table.players.items() if p != "RUSSIA"] + [OBSERVER.address]


def position_of_open_turn(talk: Conversation) -> Position:
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.processed_at.is_(None))).one()
        return position_from_json(turn.position_before)


def read_everything(twin: Twin, table: Table) -> None:
    for seat in (*(s for p, s in table.players.items() if p != "RUSSIA"), OBSERVER):
        twin.send(seat.address, f"{seat.signon}\n{READS}")


def decoy_in_ukraine_and_1903_alike(twin: Twin, table: Table) -> None:
    """Both games: the decoy stands in Ukraine beside Russia's four military units, and all
    of 1903 reads the same to everyone but Russia."""
    for talk in (twin.a, twin.b):
        units = position_of_open_turn(talk).units
        assert {u.loc for u in units if u.payload} == {"ukr"}
        assert len([u for u in units if u.power == "RUSSIA" and not u.payload]) == 4
    read_everything(twin, table)
    for phase in ("S1903M", "F1903M", "W1903A"):
        twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS {phase}")
        read_everything(twin, table)
    told = twin.differences(others(table))
    assert told == "", told


def test_a_removal_in_civil_disorder_does_not_tell_the_decoy_later(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    table = engineered_table(twin)
    decoy_board(twin, "W1902A", ADDED, (0, 1))
    twin.watch(*others(table))
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS W1902A")
    first = twin.transcript(OBSERVER.address)[-1]
    assert "A Galicia" in first and "removed by the judge" in first, first
    # In game B the piece removed was the decoy: Russia's army in Ukraine, the unit civil
    # disorder takes next, paid for the removal, and the decoy stands there in its place.
    decoy_in_ukraine_and_1903_alike(twin, table)


def test_removing_ones_own_decoy_pays_for_a_military_unit(
        databases: tuple[Database, Database]) -> None:
    """Issue #15 item 2: Russia owes one removal and orders `Remove A Gal`, the decoy in game
    B. A decoy takes no supply (B1, B3): had its removal settled the removal owed, Russia
    would keep five military units on four centres in game B and owe a removal again the
    next Winter, in game B only."""
    twin = Twin(databases)
    table = engineered_table(twin)
    decoy_board(twin, "W1902A", ADDED, (0, 1))
    russia = table.players["RUSSIA"]
    twin.watch(*others(table), russia.address)
    twin.send(russia.address, f"{russia.signon}\nRemove A Gal")
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS W1902A")
    first = twin.transcript(OBSERVER.address)[-1]
    assert "Russia:   A Galicia REMOVE." in first and "by the judge" not in first, first
    # Russia alone is told, in game B only, that its removal cost the army in Ukraine.
    note = "the A Ukraine is the military unit it cost, and the decoy stands in Ukraine"
    assert note in twin.transcript(russia.address, 1)[-1]
    assert not any(note in m for m in twin.transcript(russia.address, 0))
    # Game B: the decoy removed, Ukraine's army (civil disorder's next pick) is the unit paid
    # for, and the decoy stands there in its place, as in game A.
    decoy_in_ukraine_and_1903_alike(twin, table)
