"""Adversary advsec4 on the adjudication of an order naming an unseen army (Stab Envoy,
rule 12d: "the fact that it may be supported by or be supporting another unit will not be
reported unless otherwise required by this rule"). The harness's random differences keep
away from provinces another player's order names (docs/secrecy.md), and the scripted case
of issue #13 item 1 compares the replies to such an order, not the turn it is played in.

Germany's A Munich stays (game A) or walks unseen into Tyrolia in the Spring and holds
there in the Autumn (game B; tests/secrecy/test_envoy_items.tyrolia). In the Autumn France's
A Venice supports the army in Tyrolia, in one game where it stands, in the other where
nothing does; France's Autumn report and everything she reads after must be the same.
(A diplomat's support of another player's diplomats is told differently whether they stay
or leave, by design: a support that matches is a contact, variants/envoy/contact.py.)"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.orders_board import edit_board
from tests.secrecy.test_envoy_items import (
    FRANCE_HOLDS,
    FRANCE_PLACES,
    FRANCE_TAKES_SPAIN,
    GERMANY_HOLDS,
    MASTER_SIGNON,
    Script,
    autumn,
    tyrolia,
)

FALL = FRANCE_TAKES_SPAIN.replace("A ven H", "{venice}")


@pytest.mark.parametrize("venice", ["A ven S A tyr", "A ven S A tyr H", "A ven S F tyr",
                                    "A ven S A tyr - pie", "A ven S A mun - tyr"])
def test_a_support_of_an_unseen_army_is_told_alike(
        databases: tuple[Database, Database], venice: str) -> None:
    script = tyrolia(databases, "stab")
    autumn(script, FALL.format(venice=venice))
    script.france_writes("")
    report = "\n".join(script.twin.transcript(script.france.address))
    assert "Fall 1914" in report and "Italy:    A Venice SUPPORT" in report, report[-3000:]
    assert script.leaks() == ""


def test_a_support_of_a_unit_france_sees_is_still_told(
        databases: tuple[Database, Database]) -> None:
    """The control: Austria is Germany's Major Ally, whose units every player sees (12c):
    Venice's support of its fleet in Trieste is told as it went (not void), in both games."""
    script = tyrolia(databases, "stab")
    autumn(script, FALL.format(venice="A ven S F tri"))
    report = "\n".join(script.twin.transcript(script.france.address))
    assert "Italy:    A Venice SUPPORT F Trieste.\n" in report, report[-3000:]
    assert script.leaks() == ""



def test_a_convoy_of_an_unseen_army_is_told_alike(
        databases: tuple[Database, Database]) -> None:
    """Stab: France's fleet in the Ionian Sea convoys an army from Apulia to Tunis in Spring
    1914. In game A a German army stands in Apulia (beside Italy's units, which it does not
    meet) and goes to Tunis by that convoy; in game B none stands there (both set on the
    boards before the placements). France's report reads the convoy the same (void), and
    the rest of her mail too."""
    script = Script(databases, "stab")
    fleet = Unit("FRANCE", "F", "ion")
    for talk, added in ((script.twin.a, (fleet, Unit("GERMANY", "A", "apu"))),
                        (script.twin.b, (fleet,))):
        edit_board(talk, "W1913P", _adding(added))
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    script.turn("S1914M", f"{FRANCE_HOLDS}\nF ion C A apu - tun",
                f"{GERMANY_HOLDS}\nA mun H\nA apu - tun", f"{GERMANY_HOLDS}\nA mun H")
    master = script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nHISTORY beta S1914M")
    assert "Germany:  A Apulia -> Tunis." in master[0], master[0]  # the convoy carried it
    script.france_writes("")
    report = "\n".join(script.twin.transcript(script.france.address))
    assert "France:   F Ionian Sea CONVOY A Apulia -> Tunis. (*void*)" in report, \
        report[-3000:]
    assert script.leaks() == ""


def _adding(units: tuple[Unit, ...]) -> Callable[[Position], Position]:
    def edit(board: Position) -> Position:
        return board._replace(units=(*board.units, *units))
    return edit
