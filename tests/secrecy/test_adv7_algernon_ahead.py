"""Adversary advsec7 on Algernon (docs/variants/algernon.md): orders sent ahead with PHASE
(judge/game/adjudication.py `_refusals`) and orders that came too late (refusals.py
`_late`, asked on the board of the phase before) name the space beyond one of ALPHA's
portals, where BRAVO has a rat (game B) or nothing (game A). ALPHA never learnt that
space (rule 3: he knows his homes and their portals' counts); what stands there is
BRAVO's (F.1). On the demonstration maze DL's portal 4 leads to VT.

ALPHA sends ahead, in the Spring, lines for the Fall naming DL's portal 4 and VT; his
rat in DL goes to JC through portal 3 in the Spring; in the Fall he writes the Spring's
lines for DL again, too late. ALPHA must receive the same mail in both games."""

from __future__ import annotations

import pytest

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import edit_board
from tests.secrecy.test_adv5_algernon import ALPHA_HOLDS, BRAVO_HOLDS, GAME, READS
from tests.secrecy.twin import Twin
from tests.variants.algernon.scenario import A, B, demo
from tests.variants.folder_games import MASTER, started
from variants.algernon.maze import world_of

# DL's portal 4 leads to VT, where BRAVO's rat stands in game B.
NAMING = ("DL s 4\nDL s 1\nDL s 4 (VT to 1)\nDL to 4\nDL s 1 (MN to 4)\nVT h\nVT to 1\n"
          "MN s 1 (DL to 4)")


def _game(talk: Conversation, rat: bool) -> dict[str, tuple[str, str]]:
    seats = started(talk, "algernon", 5, GAME, 2, {"players": 2}, world_of(demo()))
    if rat:
        def edit(board: Position) -> Position:
            return board._replace(units=(*board.units, Unit(B, "R", "vt")))
        edit_board(talk, "S1901M", edit)
    return seats


def test_lines_ahead_and_too_late_naming_an_unknown_space_are_answered_the_same(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    seats = _game(twin.a, rat=False)
    assert _game(twin.b, rat=True) == seats
    for game, world in enumerate(twin._worlds):
        twin._collect(world, game)  # the start's mail, before anything is compared
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    twin.watch(alpha)
    spring = ALPHA_HOLDS.replace("DL h", "DL to 3")
    twin.send(alpha, f"{alpha_signon}\n{spring}\nPHASE F1901M\n{NAMING}\nPHASE\n{READS}")
    twin.send(bravo, f"{bravo_signon}\n{BRAVO_HOLDS}", f"{bravo_signon}\n{BRAVO_HOLDS}\nVT h")
    twin.send(MASTER, f"SIGNON M{GAME} gmpw\nPROCESS S1901M")
    opening = twin.transcript(alpha)[-1]
    assert ("  'DL s 4': you have no unit in DL\n  'DL s 1': you have no unit in DL\n"
            "  'DL to 4': you have no unit in DL\n") in opening, opening.split("--- part")[1]
    late = twin.send(alpha, f"{alpha_signon}\n{NAMING}\nDL h\n{READS}")
    for line in ("2: DL s 4", "3: DL s 1", "5: DL to 4"):
        assert f"line {line}\n    you have no unit in DL\n" in late[0], late[0]
    master = twin.send(MASTER, f"SIGNON M{GAME} gmpw\nBOARD")
    assert master[0] != master[1]  # the control: the games differ for the master
    told = twin.differences([alpha])
    assert told == "", told


@pytest.mark.parametrize("line", ["DL s 4", "DL(4,3,2,1)", "DL s 4 (1)", "DL s 1"])
def test_an_order_taken_for_an_empty_home_is_reported_the_same_when_a_rat_walks_in(
        databases: tuple[Database, Database], line: str) -> None:
    """ALPHA's rat leaves DL for JC in the Spring; BRAVO's rat in VT walks into DL through
    its portal 1 (A) or holds (B), and in the Fall leaves DL again (A): nothing ALPHA sees.
    ALPHA sends `DL s 4` ahead for the Fall. Found leaking: the support was judged by its
    portal before its rat, so it was taken (void on ALPHA's board, where nothing stands
    beyond portal 4), and at the deadline it read `DL s 4. (*void*)` with VT empty (A)
    and `(*illegal: there is no unit in DL*)` with BRAVO's rat in VT (B). An order for a
    space where he has no rat is now refused as such (variants/algernon/movement.py
    `_rat_of`): when the Fall opens, in both games. His retreat list for DL
    (`DL(4,3,2,1)`, taken: a list waits for a dislodgement) was told in the game master's
    notation as `carried out` where BRAVO's rat stood in DL (A) and not at all where none
    did (B): its result named whatever rat stood there (`_accepted`), now his own only."""
    twin = Twin(databases)
    seats = _game(twin.a, rat=True)
    assert _game(twin.b, rat=True) == seats
    for game, world in enumerate(twin._worlds):
        twin._collect(world, game)
    twin.watch(seats[A][0])
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    spring = ALPHA_HOLDS.replace("DL h", "DL to 3")
    twin.send(alpha, f"{alpha_signon}\n{spring}\nPHASE F1901M\n{line}\nPHASE")
    twin.send(bravo, f"{bravo_signon}\n{BRAVO_HOLDS}\nVT to 1",
              f"{bravo_signon}\n{BRAVO_HOLDS}\nVT h")
    twin.send(MASTER, f"SIGNON M{GAME} gmpw\nPROCESS S1901M")
    twin.send(alpha, f"{alpha_signon}\nMN h\nPZ h\nJC h\n{line}\n{READS}")
    twin.send(bravo, f"{bravo_signon}\n{BRAVO_HOLDS}\nDL to 4",
              f"{bravo_signon}\n{BRAVO_HOLDS}\nVT h")
    twin.send(MASTER, f"SIGNON M{GAME} gmpw\nPROCESS F1901M")
    twin.send(alpha, f"{alpha_signon}\n{READS}")
    master = twin.send(MASTER, f"SIGNON M{GAME} gmpw\nHISTORY {GAME}")
    assert master[0] != master[1]  # the control: the games differ for the master
    told = twin.differences([alpha])
    assert told == "", told
