"""Adversary advsec5 on the answer to an order that came too late (judge/game/refusals.py,
Explainer._late): a line refused now, whose unit is gone, is answered "the phase has moved
on" when the phase processed last would have taken it. Which phase would have taken it is
asked of that phase's board: if of the true board, an order naming a unit the writer
could not see would get the hint when the unit stood there and not otherwise.

Stab Envoy, France and Germany (tests/secrecy/test_envoy_items.py): Germany's A Munich
stays (game A) or walks unseen into Tyrolia (game B) in Spring 1914, while France's
A Venice walks to Piedmont. In the Autumn France writes Spring's lines for A Venice, every
one naming Tyrolia or Munich: all are refused now (France has no unit in Venice), and the
replies, and everything France and the observer receive after, must be the same."""

from __future__ import annotations

from judge.store.db import Database
from tests.secrecy.test_envoy_items import FRANCE_TAKES_SPAIN, GERMANY_HOLDS, tyrolia

LATE = ("A ven S A tyr\nA ven S A tyr H\nA ven S A mun\nA ven S A tyr-mun\nA ven S A mun-tyr\n"
        "A ven-tyr\nA ven S A pie-tyr\nF ven S A tyr\nA ven H")


def test_an_order_too_late_naming_an_unseen_army_is_answered_the_same(
        databases: tuple[Database, Database]) -> None:
    script = tyrolia(databases, "stab")
    fall = FRANCE_TAKES_SPAIN.replace("A mar-spa", "A spa H").replace("A ven H\n", "")
    script.turn("F1914M", fall, f"{GERMANY_HOLDS}\nA mun H", f"{GERMANY_HOLDS}\nA tyr H")
    france = script.france
    replies = script.twin.send(france.address, f"{france.signon}\n{LATE}")
    assert "moved on" in replies[0], replies[0]
    script.france_writes("Build A mar")
    master = script.twin.send("gm@example.org", "SIGNON Mbeta gmpw\nBOARD")
    assert master[0] != master[1]  # the control: the games differ for the master
    assert script.leaks() == ""
