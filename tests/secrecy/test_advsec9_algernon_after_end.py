"""Adversary advsec9 on Algernon after its end: the master ends the game (END GAME DRAW),
then ALPHA reads everything again. BRAVO has a fourth rat in KB in game B
(tests/secrecy/test_adv5_algernon.py); nothing in the rules makes the maze or the other
rats public at the end (rule 3: "The playing field (map) is not to be revealed to the
players"), so ALPHA must receive the same mail in both games."""

from __future__ import annotations

from judge.store.db import Database
from tests.secrecy.test_adv5_algernon import ALPHA_HOLDS, BRAVO_HOLDS, GAME, READS, _twin
from tests.variants.algernon.scenario import A, B
from tests.variants.folder_games import MASTER

AFTER = f"{READS}\nMAP {GAME} S1901M\nMAP {GAME} F1901M\nHISTORY {GAME} S1901M\nSUMMARY {GAME}"


def test_the_end_reveals_nothing_of_the_maze(databases: tuple[Database, Database]) -> None:
    twin, seats = _twin(databases)
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    twin.send(alpha, f"{alpha_signon}\n{ALPHA_HOLDS}")
    twin.send(bravo, f"{bravo_signon}\n{BRAVO_HOLDS}", f"{bravo_signon}\n{BRAVO_HOLDS}\nKB h")
    twin.send(MASTER, f"SIGNON M{GAME} gmpw\nPROCESS S1901M")
    ended = twin.send(MASTER, f"SIGNON M{GAME} gmpw\nEND GAME DRAW")
    assert "over" in ended[0].lower() or "draw" in ended[0].lower(), ended[0]
    twin.send(alpha, f"{alpha_signon}\n{AFTER}")
    twin.send(alpha, AFTER.replace("ORDERS\n", ""))
    master = twin.send(MASTER, f"SIGNON M{GAME} gmpw\nHISTORY {GAME}")
    assert master[0] != master[1]  # the control: the games differ for the master
    mails = "\n".join(twin.transcript(alpha))
    assert "draw" in mails.lower(), mails[-3000:]
    told = twin.differences([alpha])
    assert told == "", told
