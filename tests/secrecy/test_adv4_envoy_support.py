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

import pytest

from judge.store.db import Database
from tests.secrecy.test_envoy_items import FRANCE_TAKES_SPAIN, autumn, tyrolia

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

