"""Adversary advsec5 on Algernon's count of rats (rule 7: after each build the supply
centre counts are published, "this is all he makes public"; rule F.1: each player is told
his own rats only). How many rats another player has is his, not the others'.

On the demonstration maze (variants/algernon/demo.maze), both players start on their
three homes. In game B BRAVO has a fourth rat, in KB, a space ALPHA has never heard of
(an extra rat, as when a build or a capture gave him one). BRAVO holds everywhere in both
games; ALPHA holds, probes by mail (orders for the space he does not know, press to
BRAVO and to everyone, LIST, HISTORY, SUMMARY, BOARD, MAP, ORDERS) through a Spring, a
Fall and the builds after it, in which BRAVO owes a removal in game B only. ALPHA must
receive the same mail in both games: the adjustments run or are skipped, reported or not,
the same for him (builds are told to the builder only, rule 9)."""

from __future__ import annotations

from datetime import UTC, timedelta

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import edit_board
from tests.secrecy.test_engineered_decoys import _at, _open_turn
from tests.secrecy.twin import Twin
from tests.variants.algernon.scenario import A, B, demo
from tests.variants.folder_games import MASTER, started
from variants.algernon.maze import world_of

GAME = "maze"
READS = f"ORDERS\nLIST {GAME}\nHISTORY {GAME}\nSUMMARY {GAME}\nBOARD\nMAP"
ALPHA_HOLDS = "DL h\nMN h\nPZ h"
BRAVO_HOLDS = "PW h\nQV h\nWG h"
PROBES = ("KB h\nKB to 1\nDL s 3 (KB to 2)\nBuild KB\n"
          "PRESS TO BRAVO\nHow many are you?\nENDPRESS\n"
          "PRESS TO all\nAnyone out there?\nENDPRESS")


def _game(talk: Conversation, extra: bool) -> dict[str, tuple[str, str]]:
    seats = started(talk, "algernon", 5, GAME, 2, {"players": 2}, world_of(demo()))
    if extra:
        def edit(board: Position) -> Position:
            return board._replace(units=(*board.units, Unit(B, "R", "kb")))
        edit_board(talk, "S1901M", edit)
    return seats


def _twin(databases: tuple[Database, Database]) -> tuple[Twin, dict[str, tuple[str, str]]]:
    twin = Twin(databases)
    seats = _game(twin.a, extra=False)
    assert _game(twin.b, extra=True) == seats
    for game, world in enumerate(twin._worlds):
        twin._collect(world, game)  # the start's mail, before anything is compared
    twin.watch(seats[A][0])
    return twin, seats


def _season(twin: Twin, seats: dict[str, tuple[str, str]], phase: str) -> None:
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    twin.send(alpha, f"{alpha_signon}\n{PROBES}\n{READS}")
    twin.send(alpha, f"{alpha_signon}\n{ALPHA_HOLDS}\n{READS}")
    twin.send(bravo, f"{bravo_signon}\n{BRAVO_HOLDS}", f"{bravo_signon}\n{BRAVO_HOLDS}\nKB h")
    twin.send(MASTER, f"SIGNON M{GAME} gmpw\nPROCESS {phase}")
    twin.send(alpha, f"{alpha_signon}\n{READS}")


def test_how_many_rats_bravo_has_is_not_told_to_alpha(
        databases: tuple[Database, Database]) -> None:
    twin, seats = _twin(databases)
    _season(twin, seats, "S1901M")
    _season(twin, seats, "F1901M")
    _season(twin, seats, "S1902M")
    master = twin.send(MASTER, f"SIGNON M{GAME} gmpw\nHISTORY {GAME}")
    assert master[0] != master[1]  # the control: the games differ for the master
    report = "\n".join(twin.transcript(seats[A][0]))
    assert "Spring 1902" in report, report[-3000:]
    assert twin.differences([seats[A][0]]) == ""


def test_bravos_rat_left_without_orders_is_not_told_at_the_deadline(
        databases: tuple[Database, Database]) -> None:
    """BRAVO sends the same three holds in both games, so his rat in KB (game B) has no
    order; ALPHA sends nothing. The reminders before the deadline, the late notices after
    it and the reports of the turn played by the deadline must not tell ALPHA that BRAVO
    had a rat without orders (the judge's "no orders received" and civil-disorder lines
    are BRAVO's to read)."""
    twin, seats = _twin(databases)
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    mine = twin.send(bravo, f"{bravo_signon}\n{BRAVO_HOLDS}")
    assert "Still without orders: R KB" in mine[1], mine[1]
    twin.send(alpha, f"{alpha_signon}\n{PROBES}\n{READS}")
    deadline = _open_turn(twin.a).deadline
    assert deadline is not None
    for hours in (-25, -23, -1, 0, 1, 25, 49, 73):
        _at(twin, deadline.replace(tzinfo=UTC) + timedelta(hours=hours))
        twin.send(alpha, f"{alpha_signon}\n{READS}")
    report = "\n".join(twin.transcript(alpha))
    assert "Spring 1901 Movement results" in report, report[-3000:]
    assert twin.differences([alpha]) == ""


def _last_rat(talk: Conversation, rat: bool) -> dict[str, tuple[str, str]]:
    """ALPHA holds every centre; BRAVO has none, and a rat in KB (`rat`) or nothing."""
    seats = started(talk, "algernon", 5, GAME, 2, {"players": 2}, world_of(demo()))

    def edit(board: Position) -> Position:
        units = (*(u for u in board.units if u.power == A), *([Unit(B, "R", "kb")] * rat))
        return board._replace(units=units, owners=dict.fromkeys(board.owners, A))
    edit_board(talk, "S1901M", edit)
    return seats


def test_whether_bravo_has_a_rat_left_is_not_told_by_who_is_waited_for_or_votes(
        databases: tuple[Database, Database]) -> None:
    """BRAVO holds no centre (rule 7 publishes that) and has a rat left in KB (game A) or
    none (game B): whether he is still in the game is his (F.1). The judge counted him a
    survivor by the true board: LIST said whose answer the turn waited for ("Orders not
    yet sent by: Alpha, Bravo" in A, "Alpha" in B), ALPHA's orders processed the turn at
    once in B only, SET DRAW passed at once in B only, and SET CONCEDE Bravo was refused
    in B only. ALPHA must receive the same mail in both games."""
    twin = Twin(databases)
    seats = _last_rat(twin.a, rat=True)
    assert _last_rat(twin.b, rat=False) == seats
    for game, world in enumerate(twin._worlds):
        twin._collect(world, game)
    (alpha, alpha_signon), (bravo, bravo_signon) = seats[A], seats[B]
    twin.watch(alpha)
    twin.send(alpha, f"{alpha_signon}\nLIST {GAME}\nSUMMARY {GAME}\nBOARD")
    master = twin.send(MASTER, f"SIGNON M{GAME} gmpw\nBOARD")
    assert master[0] != master[1]  # the control: the games differ for the master
    twin.send(alpha, f"{alpha_signon}\n{ALPHA_HOLDS}\nLIST {GAME}")
    twin.send(bravo, f"{bravo_signon}\nKB h", f"{bravo_signon}\nCLEAR")
    twin.send(alpha, f"{alpha_signon}\n{READS}")
    twin.send(alpha, f"{alpha_signon}\nSET DRAW\nSET NODRAW\nSET DRAW Alpha Bravo\n"
                     f"SET NODRAW\nSET CONCEDE Bravo\nLIST {GAME}")
    assert twin.differences([alpha]) == ""
