"""Adversary advsec4 on Algernon's void support (rule 3, II.D; docs/variants/algernon.md:
every void support reads "the support had nothing to support", so the words never tell a
rat stood there and left), by mail, with the supporter's own space attacked at once.

On the demonstration maze (variants/algernon/demo.maze), ALPHA's rats stand in its homes
and in SQ, whose portal 3 leads to VT, and DL's portal 4 leads there too. BRAVO's rat walks
out of VT into MK (game A), or stood in MK and holds there (game B): the boards after the
Spring are the same. BRAVO's rat in JC attacks SQ in both. ALPHA supports into VT from SQ
and from DL, in every form its knowledge lets it write, and reads LIST, HISTORY, SUMMARY,
BOARD and MAP before and after: the same mail in both games (pictures on)."""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import edit_board
from tests.secrecy.twin import Twin
from tests.variants.algernon.scenario import A, B, demo
from tests.variants.folder_games import MASTER, started
from variants.algernon.maze import world_of

GAME = "maze"
READS = f"ORDERS\nLIST {GAME}\nHISTORY {GAME}\nSUMMARY {GAME}\nBOARD\nMAP"
# One order a rat in each message (two would void both); the last message's stand.
PROBES = ("SQ s 3 (VT to 2)\nDL s 4 (SQ to 3)", "SQ s 3 (1)\nDL s 4 (3)\nMN h\nPZ h")
SUPPORTS = "SQ s 3\nDL s 4"
BRAVO_HOMES = "PW h\nQV h\nWG h\nJC to 3"


def _game(talk: Conversation, bravo_at: str) -> dict[str, tuple[str, str]]:
    seats = started(talk, "algernon", 5, GAME, 2, {"players": 2}, world_of(demo()))

    def edit(board: Position) -> Position:
        added = (Unit(A, "R", "sq"), Unit(B, "R", "jc"), Unit(B, "R", bravo_at))
        return board._replace(units=(*board.units, *added))
    edit_board(talk, "S1901M", edit)
    return seats


def _twin(databases: tuple[Database, Database]) -> tuple[Twin, dict[str, tuple[str, str]]]:
    twin = Twin(databases)
    seats = _game(twin.a, "vt")
    assert _game(twin.b, "mk") == seats
    for game, world in enumerate(twin._worlds):
        twin._collect(world, game)  # the start's mail, before anything is compared
    twin.watch(seats[A][0])
    return twin, seats


def test_a_support_into_a_space_a_rat_left_tells_nothing(
        databases: tuple[Database, Database]) -> None:
    twin, seats = _twin(databases)
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    refused = twin.send(alpha, f"{alpha_signon}\n{PROBES[0]}")
    assert "you know no space called VT" in refused[0], refused[0]
    twin.send(alpha, f"{alpha_signon}\n{PROBES[1]}\n{READS}")
    twin.send(alpha, f"{alpha_signon}\n{SUPPORTS}\n{READS}")
    twin.send(bravo, f"{bravo_signon}\n{BRAVO_HOMES}\nVT to 4",
              f"{bravo_signon}\n{BRAVO_HOMES}\nMK h")
    after = twin.send(alpha, f"{alpha_signon}\n{READS}")
    assert "SQ s 3 (void)  -- void: the support had nothing to support" in after[0], after[0]
    assert "DL s 4 (void)  -- void: the support had nothing to support" in after[0], after[0]
    report = "\n".join(twin.transcript(alpha))
    assert "(BRAVO a in SQ" in report or "(B a in SQ" in report, report[-4000:]
    master = twin.send(MASTER, f"SIGNON M{GAME} gmpw\nHISTORY {GAME}")
    assert master[0] != master[1]  # the control: the games differ for the master
    assert twin.differences([alpha]) == ""
