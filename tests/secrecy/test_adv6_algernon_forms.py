"""Adversary advsec6 on Algernon's reader as last session changed it (variants/algernon/
reader.py): M for a move (SW M 1), a support written without the supporter's portal
(PL S KG-1, answered with the form to write, echoing the line), a convoy's answer, and the
common reading's new forms (two orders on a line, a one-letter signature) and njudge's
commands. On the demonstration maze (tests/secrecy/test_adv5_algernon.py), BRAVO has a
fourth rat in KB in game B only, a space ALPHA has never heard of; ALPHA writes every new
form naming KB, his own homes and BRAVO's, signed on and not. He must receive the same
mail in both games: the replies echo what he wrote and what he knows, nothing of the
maze."""

from __future__ import annotations

from judge.store.db import Database
from tests.secrecy.test_adv5_algernon import GAME, READS, _twin
from tests.variants.algernon.scenario import A

FORMS = ("KB M 1\nDL M 3\nR KB m 2\nDL S KB-1\nKB S DL-1\nPW S QV-2\nDL S PW - 1\n"
         "A KB to 1\nKB c 4 (DL to 4)\nDL to 1, MN to 2\nDL to 1 KB to 2\nDL m 9\nM")
FOREIGN = (f"WHOIS bravo\nGET MAP\nGET {GAME}\nI AM ALSO bravo@example.org\nWHOGAME {GAME}\n"
           "MANUAL\nSET PREFERENCE B")


def test_the_new_forms_tell_nothing_of_the_maze(
        databases: tuple[Database, Database]) -> None:
    twin, seats = _twin(databases)
    alpha, signon = seats[A]
    replies = twin.send(alpha, f"{signon}\n{FORMS}\n{READS}")
    assert "you know no space called KB" in replies[0], replies[0]
    assert "name that portal first" in replies[0], replies[0]
    for head in (f"{signon}\n", ""):
        replies = twin.send(alpha, f"{head}{FOREIGN}")
        assert "WHOIS is not a command" in replies[0], replies[0]
    told = twin.differences([alpha])
    assert told == "", told
