"""Adversary advsec6 on an Envoy order written without its unit's kind ('Mun - Bel'): the
movement handler reads it as a diplomat's when no army or fleet stands in the province
(variants/envoy/rules.py, EnvoyMovement._split). Asked of the board adjudicated, that is
the true board, with the armies the writer cannot see (12d).

Stab Envoy, France and Germany (tests/secrecy/test_envoy_items.py): France's diplomat walks
into Germany in Spring 1914 while Germany's A Munich stays (game A) or walks unseen into
Tyrolia (game B). In the Autumn France orders her diplomat 'Mun - Bel' (Munich is in
Germany, which a diplomat stands in as one space, 5.ii). The reply took the line in both
games; at the deadline the unseen army in Munich made it an order for that army, refused,
and France's diplomat held in game A ('D Germany HOLD (no order)') and went to Belgium in
game B: France learnt whether a German army stood in Munich. A line with no kind is for
the writer's own unit: where his diplomat stands and no army or fleet he orders does, it
is the diplomat's, whatever else stands there."""

from __future__ import annotations

import pytest

from judge.store.db import Database
from tests.secrecy.test_envoy_items import (
    FRANCE_TAKES_SPAIN,
    GERMANY_HOLDS,
    MASTER_SIGNON,
    tyrolia,
)

SPRING = f"{FRANCE_TAKES_SPAIN}\nD bel-ger"
FALL = FRANCE_TAKES_SPAIN.replace("A mar-spa", "A spa H")


@pytest.mark.parametrize("line", ["mun-bel", "mun H", "Mun - Belgium"])
def test_a_kindless_order_of_a_diplomat_does_not_tell_where_armies_stand(
        databases: tuple[Database, Database], line: str) -> None:
    script = tyrolia(databases, "stab", SPRING)
    script.turn("F1914M", f"{FALL}\n{line}", f"{GERMANY_HOLDS}\nA mun H",
                f"{GERMANY_HOLDS}\nA tyr H")
    report = script.twin.transcript(script.france.address)[-1]
    assert "D Germany" in report, report
    script.france_writes("Build A mar")
    master = script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nBOARD")
    assert master[0] != master[1]  # the control: the games differ for the master
    assert script.leaks() == ""
