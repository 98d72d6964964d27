"""Rules25 item 1 (I.B.1-2): "Each player should write retreat orders for any units he
thinks may be dislodged", `VT(3,2,5,1,6,4)` for "the unit in VT". A list for a space where
the writer has no rat was taken, listed in his order set and reported nowhere, so he never
learnt it was for nothing. It is now refused, the line quoted and the reason given, in
words made of his own rats alone: whether another player's rat stands in the space is
never his to learn (rule 3), so the answer is the same whether one stands there or not.

On the demonstration maze (variants/algernon/demo.maze) ALPHA starts in DL, MN and PZ;
DL's portal 3 leads to JC."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.harness import Conversation, Mail
from tests.conversations.orders_board import edit_board
from tests.secrecy.twin import Twin, twin_databases
from tests.variants.algernon.scenario import A, B, demo
from tests.variants.folder_games import MASTER, started
from variants.algernon.maze import world_of

GAME = "maze"
REFUSED = ("line 2: DL(4,3,2,1)\n    you have no unit in DL, so no rat of yours there can be "
           "dislodged: a retreat list is for a rat of yours (I.B.1)")


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def _seats(talk: Conversation, bravo_in_dl: bool = False) -> dict[str, tuple[str, str]]:
    """The game, its Spring's board without ALPHA's rat in DL (BRAVO's there with
    `bravo_in_dl`): ALPHA still knows DL, his home (rule 4)."""
    seats = started(talk, "algernon", 5, GAME, 2, {"players": 2}, world_of(demo()))

    def edit(board: Position) -> Position:
        units = tuple(u for u in board.units if u.loc != "dl")
        return board._replace(units=(*units, *([Unit(B, "R", "dl")] if bravo_in_dl else [])))
    edit_board(talk, "S1901M", edit)
    return seats


def _body(mail: Mail | None) -> str:
    assert mail is not None
    return mail.body


def test_a_retreat_list_for_a_space_without_his_rat_is_refused_saying_why(
        talk: Conversation) -> None:
    seats = _seats(talk)
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    reply = _body(talk.send(alpha, f"{alpha_signon}\nDL(4,3,2,1)\nMN(1,2)\nMN h\nPZ h\n"))
    assert REFUSED + "\n" in reply, reply
    orders = reply.split("Orders for Alpha")[1]
    assert "MN(1,2)." in orders and "DL(4,3,2,1)" not in orders, orders  # his own rat's list
    talk.send(bravo, f"{bravo_signon}\nPW h\nQV h\nWG h\n")
    [report] = [m for m in talk.mails_to(alpha) if "results" in m.subject]
    assert "DL(4,3,2,1)" not in report.body, report.body


def test_the_list_is_refused_after_his_rat_left_the_space(talk: Conversation) -> None:
    """The fault as a player meets it: his rat leaves DL in the Spring, and in the Fall he
    writes DL's list again."""
    seats = started(talk, "algernon", 5, GAME, 2, {"players": 2}, world_of(demo()))
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    talk.send(alpha, f"{alpha_signon}\nDL to 3\nMN h\nPZ h\n")
    talk.send(bravo, f"{bravo_signon}\nPW h\n")
    talk.mails_to(alpha)
    reply = _body(talk.send(alpha, f"{alpha_signon}\nDL(4,3,2,1)\nJC(2)\n"))
    assert REFUSED in reply, reply
    assert "DL(4,3,2,1)" not in reply.split("Orders for Alpha")[1], reply
    talk.send(bravo, f"{bravo_signon}\nPW h\n")
    [report] = [m for m in talk.mails_to(alpha) if "results" in m.subject]
    assert "DL(4,3,2,1)" not in report.body and "JC(2)." in report.body, report.body


def test_the_refusal_is_the_same_whether_another_rat_stands_there(tmp_path: Path) -> None:
    """Game A: DL empty; game B: BRAVO's rat in DL. ALPHA's mail is the same."""
    with twin_databases(tmp_path) as databases:
        twin = Twin(databases)
        seats = _seats(twin.a)
        assert _seats(twin.b, bravo_in_dl=True) == seats
        for game, world in enumerate(twin._worlds):
            twin._collect(world, game)  # the start's mail, before anything is compared
        (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
        twin.watch(alpha)
        replies = twin.send(alpha, f"{alpha_signon}\nDL(4,3,2,1)\nMN h\nPZ h\nORDERS")
        assert REFUSED in replies[0], replies[0]
        twin.send(bravo, f"{bravo_signon}\nPW h\nQV h\nWG h",
                  f"{bravo_signon}\nPW h\nQV h\nWG h\nDL h")
        twin.send(alpha, f"{alpha_signon}\nHISTORY {GAME}")
        master = twin.send(MASTER, f"SIGNON M{GAME} gmpw\nBOARD")
        assert master[0] != master[1]  # the control: the games differ for the master
        told = twin.differences([alpha])
        assert told == "", told


def test_a_list_sent_ahead_is_refused_when_its_phase_opens(talk: Conversation) -> None:
    """Sent with PHASE for the Fall while his rat is still in DL, the list is checked when
    the Fall opens, after the rat left: the Spring's report says it is not taken, and why;
    MN's, whose rat stayed, is."""
    seats = started(talk, "algernon", 5, GAME, 2, {"players": 2}, world_of(demo()))
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    talk.send(alpha, f"{alpha_signon}\nDL to 3\nPHASE F1901M\nDL(4,3,2,1)\nMN(1,2)\nPHASE\n")
    talk.send(bravo, f"{bravo_signon}\nPW h\n")
    [report] = [m for m in talk.mails_to(alpha) if "results" in m.subject]
    assert ("that it does not take (send them again as you mean them):\n  'DL(4,3,2,1)': you "
            "have no unit in DL, so no rat of yours there can be dislodged: a retreat list "
            "is for a rat of yours (I.B.1)\n") in report.body, report.body
    assert "MN(1,2)" not in report.body.split("does not take")[1], report.body
