"""Adversary advsec3 on this session's new surfaces in Engineered with decoys (rn45 C2 2b,
C8): the "did you mean" after an unknown place and the unit letters after a lone letter
(judge/grammar/hints.py), and SUMMARY with CREATE's options. Russia's A Ukraine is the
decoy in game A, its A Galicia in game B (test_engineered_decoys.game); Turkey's army in
Rumania writes misspelt places and lone letters about both, and every other player and the
observer read SUMMARY, HISTORY and LIST, before and after a Spring in which both hold:
what they receive must be the same in both games. The control: the same script with
Turkey's army attacking Galicia, which exposes game B's decoy (8c), does differ."""

from __future__ import annotations

from judge.store.db import Database
from tests.secrecy.engineered import MASTER, OBSERVER
from tests.secrecy.test_engineered_decoys import RUSSIA, game, others

READS = "SUMMARY beta\nHISTORY beta\nLIST beta"
PROBES = ("A rum - ukrain\nA rum - galicja\nA rum S A ukr - galic\nA rum S A ukrane H\n"
          "D ukr H\nX gal H\nA rum - U\nA rum S G gal\nA ukr H\nA gal H")


def _played(databases: tuple[Database, Database], turkey_moves: str) -> str:
    """Turkey probes and reads, Russia's armies hold, Turkey's army `turkey_moves`; the
    Spring is processed and everybody but Russia reads again: their differences."""
    twin, table = game(databases)
    watching = others(table)
    twin.watch(*watching)
    turkey, russia = table.players["TURKEY"], table.players["RUSSIA"]
    replies = twin.send(turkey.address, f"{turkey.signon}\n{PROBES}\n{turkey_moves}\n{READS}")
    assert "did you mean Ukraine (ukr)?" in replies[0], replies[0]
    assert "a unit is written" in replies[0], replies[0]
    assert "Options (fixed at CREATE): level=complex" in replies[0], replies[0]
    assert replies[0] == replies[1]
    twin.send(russia.address, f"{russia.signon}\n{RUSSIA}")
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS S1902M")
    for seat in (*(s for p, s in table.players.items() if p != "RUSSIA"), OBSERVER):
        twin.send(seat.address, f"{seat.signon}\n{READS}")
    twin.send(turkey.address, f"{turkey.signon}\n{PROBES}")
    return twin.differences(watching)


def test_hints_and_summary_do_not_tell_the_decoy(
        databases: tuple[Database, Database]) -> None:
    assert _played(databases, "A rum H") == ""


def test_the_same_probes_with_an_attack_that_exposes_it_differ(
        databases: tuple[Database, Database]) -> None:
    """The control: Turkey's army attacking Galicia exposes the decoy there in game B (8c),
    which is public, so the same comparison finds the games apart."""
    told = _played(databases, "A rum - gal")
    assert "dislodged" in told or "decoy" in told, told
