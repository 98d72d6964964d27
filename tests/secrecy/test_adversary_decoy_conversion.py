"""An adversary's attack on the decoys through a conversion (rn45 C2 2a with C2 2b, C8):
Russia's engineer stands in Rumania, a Russian centre, beside one of Russia's two
identical armies (Rumania's and Ukraine's; the decoy is Rumania's in game A, Ukraine's in
game B). Russia converts the army in Rumania into a fighter, as 2a lets him convert any
unit of his on a centre with his engineer. A decoy takes no supply (B1, B3); had the
conversion made a real unit of it, Russia would keep a unit too many in game A only, and
the next Winter's count (`Russia: removes 1 unit`) would tell every other player and the
observer which army had been the decoy, which C8 keeps from them short of exposure (8c).
They must receive the same mail through that Winter."""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.orders_board import edit_board
from tests.secrecy.engineered import MASTER, OBSERVER, decoy_board, engineered_table
from tests.secrecy.noninterference import Table
from tests.secrecy.twin import Twin

READS = "ORDERS\nLIST beta\nHISTORY beta\nSUMMARY beta\nBOARD"
# Russia owns its four homes and Rumania, and has five military units besides the decoy
# (its four at the start and one of the two armies): no build or removal is due.
ADDED = [Unit("RUSSIA", "A", "rum"), Unit("RUSSIA", "A", "ukr"), Unit("RUSSIA", "E", "rum")]


def others(table: Table) -> list[str]:
    return [s.address for p, s in table.players.items() if p != "RUSSIA"] + [OBSERVER.address]


def _rumania_russian(board: Position) -> Position:
    return board._replace(owners={**board.owners, "rum": "RUSSIA"})


def read_everything(twin: Twin, table: Table) -> None:
    for seat in (*(s for p, s in table.players.items() if p != "RUSSIA"), OBSERVER):
        twin.send(seat.address, f"{seat.signon}\n{READS}")


def test_converting_a_decoy_does_not_make_it_a_unit_that_takes_supply(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    table = engineered_table(twin)
    decoy_board(twin, "W1902A", ADDED, (0, 1))
    for talk in (twin.a, twin.b):
        edit_board(talk, "W1902A", _rumania_russian)
    russia = table.players["RUSSIA"]
    twin.watch(*others(table), russia.address)
    twin.send(russia.address, f"{russia.signon}\nCONVERT A Rum TO F")
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS W1902A")
    winter = twin.transcript(OBSERVER.address)[-1]
    assert "A Rumania CONVERTS TO FIGHTER" in winter, winter
    read_everything(twin, table)
    for phase in ("S1903M", "F1903M", "W1903A"):
        twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS {phase}")
        read_everything(twin, table)
    # Game B: the real army in Rumania became a fighter, and five units stand on five
    # centres; the Winter of 1903 asks Russia for no removal.
    last = "\n".join(twin.transcript(OBSERVER.address, 1)[-6:])
    assert "Russia" in last and "removes" not in last.split("Russia", 1)[1][:200], last
    told = twin.differences(others(table))
    assert told == "", told
