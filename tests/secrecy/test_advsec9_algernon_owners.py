"""Adversary advsec9 on Algernon's centres: who owns what is not a player's to read. Rule 7:
after each build the master publishes "the number of supply centers each player owns.
This is all he makes public"; rule 9 has each player list his homes for builds "in case
some other player has stumbled into one or more of the home centers" (he is not told);
F.1 lists a player's own rats to him. Found leaking: each report listed ALPHA's centres by
name ("Alpha: 2 DL, MN") and told the changes of his centres with the other side named
("PZ: Bravo (was Alpha)", "RT: Alpha (was Bravo)"): where BRAVO's rat stood at the end
of the Fall, and what BRAVO had owned. A player's board now shows no owners and his
reports no centre changes (variants/algernon/secrecy.py); the counts are the census's."""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import edit_board, set_rule
from tests.secrecy.test_adv5_algernon import GAME, READS
from tests.secrecy.twin import Twin
from tests.variants.algernon.scenario import A, B, demo
from tests.variants.folder_games import MASTER, started
from variants.algernon.maze import world_of

BRAVO_HOLDS = "PW h\nQV h\nWG h"


def _game(talk: Conversation, alpha: tuple[str, ...], bravo: tuple[str, ...],
          owners: Mapping[str, str] = {}) -> dict[str, tuple[str, str]]:
    seats = started(talk, "algernon", 5, GAME, 2, {"players": 2}, world_of(demo()))

    def edit(board: Position) -> Position:
        return board._replace(units=(*(Unit(A, "R", s) for s in alpha),
                                     *(Unit(B, "R", s) for s in bravo)),
                              owners={**board.owners, **owners})
    edit_board(talk, "F1901M", edit)  # straight to the Fall, when centres change hands
    return seats


def _twin(databases: tuple[Database, Database], alpha: tuple[str, ...],
          bravo: tuple[str, ...], owners_b: Mapping[str, str] = {}
          ) -> tuple[Twin, dict[str, tuple[str, str]]]:
    twin = Twin(databases)
    seats = _game(twin.a, alpha, bravo)
    assert _game(twin.b, alpha, bravo, owners_b) == seats
    for game, world in enumerate(twin._worlds):
        twin._collect(world, game)  # the start's mail, before anything is compared
    twin.watch(seats[A][0])
    return twin, seats


def _fall(twin: Twin, seats: dict[str, tuple[str, str]], alpha: str, bravo: str,
          bravo_b: str, reads: str = READS) -> str:
    (address, alpha_signon), (_, bravo_signon) = seats[A], seats[B]
    twin.send(address, f"{alpha_signon}\n{alpha}\n{reads}")
    twin.send(seats[B][0], f"{bravo_signon}\n{bravo}", f"{bravo_signon}\n{bravo_b}")
    twin.send(MASTER, f"SIGNON M{GAME} gmpw\nPROCESS F1901M")
    twin.send(address, f"{alpha_signon}\n{reads}")
    master = twin.send(MASTER, f"SIGNON M{GAME} gmpw\nHISTORY {GAME}")
    assert master[0] != master[1]  # the control: the games differ for the master
    return "\n".join(twin.transcript(address))


def test_which_home_bravo_stumbled_into_is_not_told(
        databases: tuple[Database, Database]) -> None:
    """ALPHA has left MN and PZ; BRAVO's rat walks into PZ from JC (game A) or into MN
    from SQ (B). ALPHA's count is 2 in both (rule 7 publishes it); which home he lost,
    and who took it, he is not told."""
    twin, seats = _twin(databases, ("dl", "kb", "mk"), ("pw", "qv", "wg", "jc", "sq"))
    mails = _fall(twin, seats, "DL h\nKB h\nMK h", f"{BRAVO_HOLDS}\nJC to 1\nSQ h",
                  f"{BRAVO_HOLDS}\nJC h\nSQ to 1")
    assert "Centres: A 2, B 4" in mails and "Remove KB" in mails, mails[-3000:]
    assert twin.differences([seats[A][0]]) == ""


def test_who_owned_the_centre_alpha_walks_into_is_not_told(
        databases: tuple[Database, Database]) -> None:
    """ALPHA's rat goes from PZ through its portal 4 into RT, a neutral centre (rule 6
    tells him so) that nobody owns (A) or that BRAVO took before (B). The board is posed
    with BRAVO's fourth centre from the start, so SUMMARY's column for the start (every
    count, public) differs: it is left out of the reads."""
    twin, seats = _twin(databases, ("dl", "mn", "pz"), ("pw", "qv", "wg"), {"rt": B})
    reads = READS.replace(f"SUMMARY {GAME}\n", "")
    mails = _fall(twin, seats, "DL h\nMN h\nPZ to 4", BRAVO_HOLDS, BRAVO_HOLDS, reads)
    assert "Centres: A 4, B 3" in mails, mails[-3000:]
    assert twin.differences([seats[A][0]]) == ""


def _removal(databases: tuple[Database, Database], distance: str) -> tuple[Twin, str]:
    """ALPHA has rats in DL, JC (a portal from DL and from PZ) and SQ (a portal from MN,
    two from DL and PZ); BRAVO's rat in PZ holds (A) or walks into MN (B): ALPHA owns DL
    and MN (A) or DL and PZ (B), two centres in both, so one rat goes in the Winter
    (nobody orders: I.C)."""
    twin, seats = _twin(databases, ("dl", "jc", "sq"), ("pw", "qv", "wg", "pz"))
    for talk in (twin.a, twin.b):
        set_rule(talk, removal_distance=distance)
    mails = _fall(twin, seats, "DL h\nJC h\nSQ h", f"{BRAVO_HOLDS}\nPZ h",
                  f"{BRAVO_HOLDS}\nPZ to 3")
    assert "Centres: A 2, B 4" in mails, mails[-3000:]
    return twin, seats[A][0]


def test_the_default_removal_tells_nothing_of_the_centres_lost(
        databases: tuple[Database, Database]) -> None:
    """By default (removal_distance=home, rule 1's rulebooks of um01's day) the rat farthest
    from his homes goes: JC and SQ are one portal from a home, so the tie is broken by
    name: JC, in both games."""
    twin, alpha = _removal(databases, "home")
    assert "Remove JC" in "\n".join(twin.transcript(alpha))
    assert twin.differences([alpha]) == ""


def test_removal_distance_owned_tells_which_centre_he_lost(
        databases: tuple[Database, Database]) -> None:
    """A read the rules allow (rule 1 with the 2023 rulebook's civil disorder, the master's
    choice at CREATE) that tells what rule 7 keeps: counted from the centres he owns, the
    rat farthest from them goes: JC (by name: both one portal from DL and MN) in A, SQ
    (two portals from DL and PZ) in B. Which rat the judge removed tells ALPHA which home
    BRAVO took (docs/variants/algernon.md says so under `removal_distance`)."""
    twin, alpha = _removal(databases, "owned")
    told = twin.differences([alpha])
    assert "-  Remove JC" in told and "+  Remove SQ" in told, told
