"""Adversary advsec9 on Algernon after its end and after a master's ROLLBACK: the master
ends the game (END GAME DRAW), or rolls it back and replays it, and ALPHA reads everything
again. BRAVO has a fourth rat in KB in game B
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


def test_a_rollback_and_replay_tell_alpha_nothing_of_bravos_rat(
        databases: tuple[Database, Database]) -> None:
    """The master rolls back to Spring 1901 after the Winter (judge/game/rollback.py: the
    knowledge kept with the phases undone is deleted, their orders kept as sent ahead),
    processes it again and rolls forward; ALPHA reads at each step and sends lines ahead
    (PHASE F1901M) for the space beyond DL's portal 4."""
    twin, seats = _twin(databases)
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    gm = f"SIGNON M{GAME} gmpw"
    for phase in ("S1901M", "F1901M"):
        twin.send(alpha, f"{alpha_signon}\n{ALPHA_HOLDS}\nDL to 4")
        twin.send(bravo, f"{bravo_signon}\n{BRAVO_HOLDS}",
                  f"{bravo_signon}\n{BRAVO_HOLDS}\nKB h")
        twin.send(MASTER, f"{gm}\nPROCESS {phase}")
    twin.send(alpha, f"{alpha_signon}\n{AFTER}")
    rolled = twin.send(MASTER, f"{gm}\nROLLBACK S1901M")
    assert "back at the start of Spring 1901" in rolled[0], rolled[0]
    twin.send(alpha, f"{alpha_signon}\n{AFTER}\nPHASE F1901M\nDL s 4\nVT h\nPHASE")
    twin.send(MASTER, f"{gm}\nPROCESS S1901M")
    twin.send(alpha, f"{alpha_signon}\n{AFTER}")
    twin.send(MASTER, f"{gm}\nROLLFORWARD")
    twin.send(alpha, f"{alpha_signon}\n{AFTER}")
    master = twin.send(MASTER, f"{gm}\nHISTORY {GAME}")
    assert master[0] != master[1]  # the control: the games differ for the master
    mails = "\n".join(twin.transcript(alpha))
    assert "rolled the game back" in mails and "Winter 1901" in mails, mails[-3000:]
    told = twin.differences([alpha])
    assert told == "", told
