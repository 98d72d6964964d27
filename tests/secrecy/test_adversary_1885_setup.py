"""An adversary's attack on 1885-III's hidden set-up choices (l.14-15): two games differ
only in Russia's choice (A Sev and F StP in game A, A StP and F Sev in game B). Sweden and
Turkey, whose units border St Petersburg and Sevastopol, read everything in the set-up
turn and in January (BOARD, MAP, SUMMARY, LIST, HISTORY, ORDERS, WHOAMI), try to make the
choices themselves, and write orders naming both kinds of unit in both places and moves
into them, some ahead with PHASE; they and an observer must receive the same mail until
January is adjudicated."""

from __future__ import annotations

from judge.store.db import Database
from tests.conversations.seating_helpers import account
from tests.secrecy.twin import Twin
from tests.variants.v1885.mail_game import GAME, LETTERS, address, started

OBSERVER = "obs@example.org"
VIEWERS = ("SWEDEN", "TURKEY", "GERMANY")
READS = f"ORDERS\nLIST {GAME}\nHISTORY {GAME}\nSUMMARY {GAME}\nBOARD\nMAP\nWHOAMI"
NAMING = [f"{unit} {verb}" for unit in ("A StP", "F StP", "A Sev", "F Sev", "F StP/sc",
                                         "F StP/nc") for verb in ("H", "- Fin", "- Mos")] + [
    "F Got S F StP - Bot", "F Got S A StP - Fin", "F Got - Bot", "A Sto - Fin",
    "F Sin S F Sev - Bla", "F Sin S A Sev - Arm", "A Smy - Arm", "F Sin - Bla",
    "A Con S A Sev - Rum", "Build A Sev", "Build F StP"]


def _signon(power: str) -> str:
    return f"SIGNON {LETTERS[power]}{GAME} pw"


def test_russia_s_choice_is_kept_until_january_is_adjudicated(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    for talk in (twin.a, twin.b):
        started(talk)
        account(talk, OBSERVER)
    watched = [address(p) for p in VIEWERS] + [OBSERVER]
    twin.watch(*watched)
    twin.send(OBSERVER, f"OBSERVE {GAME} obspw")
    twin.send(address("RUSSIA"), f"{_signon('RUSSIA')}\nBuild A Sev",
              f"{_signon('RUSSIA')}\nBuild A StP")
    for power in VIEWERS:
        twin.send(address(power), "\n".join([_signon(power), READS, *NAMING[-2:]]))
        twin.send(address(power), "\n".join([_signon(power), "PHASE J1885M", *NAMING]))
    twin.send(OBSERVER, f"SIGNON O{GAME} obspw\n{READS}")
    twin.send("gm@example.org", f"SIGNON M{GAME} gmpw\nPROCESS")
    for power in VIEWERS:
        twin.send(address(power), "\n".join([_signon(power), *NAMING, READS]))
    twin.send(OBSERVER, f"SIGNON O{GAME} obspw\n{READS}")
    twin.send(OBSERVER, READS.replace("BOARD", f"BOARD {GAME}").replace("MAP", f"MAP {GAME}"))
    assert any("Russia" in m for m in twin.transcript(OBSERVER))
    told = twin.differences(watched)
    assert told == "", told
