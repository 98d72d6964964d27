"""An adversary's attack on the decoys (rn45 C8 8c): a decoy dislodged as a real unit
would be is not exposed, and retreats or is disbanded as that unit would. Austria
dislodges one of Russia's two identical armies by two against one. The games differ only
in which of the two was the decoy; the others must receive the same mail: the retreat
turn's lists of dislodged units (BOARD, LIST, SUMMARY), and, once Russia has sent no
retreat and the piece is disbanded, the Winter, whose count is where a decoy, which takes
no supply (B1, B3), would tell."""

from __future__ import annotations

from judge.engine.types import Unit
from judge.store.db import Database
from tests.secrecy.engineered import MASTER, OBSERVER, decoy_board, engineered_table
from tests.secrecy.noninterference import Table
from tests.secrecy.twin import Twin

READS = "ORDERS\nLIST beta\nHISTORY beta\nSUMMARY beta\nBOARD"
# Russia: its four units on its four centres, A Ukr and A Gal (one of them the decoy:
# Ukraine's in game A, Galicia's in game B); Austria's A Bud with Vienna's support
# dislodges the army in Galicia, as it would a real one.
ADDED = [Unit("RUSSIA", "A", "ukr"), Unit("RUSSIA", "A", "gal")]


def others(table: Table) -> list[str]:
    return [s.address for p, s in table.players.items() if p != "RUSSIA"] + [OBSERVER.address]


def dislodged(twin: Twin, table: Table) -> None:
    """Austria dislodges Galicia's army; the master processes the Spring; all read."""
    decoy_board(twin, "S1902M", ADDED, (0, 1))
    twin.watch(*others(table))
    austria = table.players["AUSTRIA"]
    twin.send(austria.address, f"{austria.signon}\nA Bud-Gal\nA Vie S A Bud-Gal\nN Tri H")
    process_and_read(twin, table, "S1902M")


def process_and_read(twin: Twin, table: Table, phase: str) -> None:
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS {phase}")
    for seat in (*(s for p, s in table.players.items() if p != "RUSSIA"), OBSERVER):
        twin.send(seat.address, f"{seat.signon}\n{READS}")


def test_a_dislodged_decoy_is_listed_as_a_real_army_would_be(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    table = engineered_table(twin)
    dislodged(twin, table)
    listed = "The Russian A Galicia can retreat to Bohemia, Rumania, Silesia."
    assert sum(listed in m for m in twin.transcript(OBSERVER.address, 1)) == 2  # report, BOARD
    told = twin.differences(others(table))
    assert told == "", told


def test_a_dislodged_and_disbanded_decoy_does_not_tell_in_the_winter(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    table = engineered_table(twin)
    dislodged(twin, table)
    for phase in ("S1902R", "F1902M", "W1902A"):
        process_and_read(twin, table, phase)
    told = twin.differences(others(table))
    assert told == "", told
