"""Adversary advsec6 on the coast an order's unit cannot stand on (judge/game/canonical.py,
DATC 4.B.6: an army's coast is dropped): with no kind written, the unit was looked up on
the board, any power's, and on the true board.

Stab Envoy, France and Germany (tests/secrecy/test_envoy_items.py), Spring 1914 set on
both boards: France's diplomat stands in France (5.ii: the country is one space), and
Germany's army stands unseen in Gascony (game A) or in Silesia (game B) (12d). France
orders her diplomat 'gas-spa/sc', without its kind, by a province of her country. The
unseen German army made it an army's move in game A, so her orders read back 'Gascony ->
Spain.' there and 'Gascony -> Spain (sc).' in game B: France learnt that an army stood in
Gascony. The unit a kindless line is for is one its writer may order."""

from __future__ import annotations

from collections.abc import Callable

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.orders_board import edit_board
from tests.secrecy.test_envoy_items import (
    FRANCE_HOLDS,
    FRANCE_PLACES,
    GERMANY_HOLDS,
    MASTER_SIGNON,
    Script,
)


def _adding(german_army: str) -> Callable[[Position], Position]:
    def edit(board: Position) -> Position:
        return board._replace(units=(*board.units, Unit("GERMANY", "A", german_army)))
    return edit


def test_a_kindless_line_s_coast_does_not_tell_an_unseen_army(
        databases: tuple[Database, Database]) -> None:
    script = Script(databases, "stab")
    # France places a diplomat at home (rule 4): a board edit would not be in her
    # knowledge record, and her order for it would be refused as for no unit.
    script.turn("W1913P", FRANCE_PLACES.replace("Build D Ita", "Build D Fra", 1),
                "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    for talk, where in ((script.twin.a, "gas"), (script.twin.b, "sil")):
        edit_board(talk, "S1914M", _adding(where))
    reply, _ = script.twin.send(script.france.address,
                                f"{script.france.signon}\ngas-spa/sc\nORDERS")
    # Her diplomat's order, as the set shows it (ordering.describe_set: the unit the
    # handler reads a line for, 5.ii), in both games.
    assert "D France -> Spain" in reply, reply
    script.turn("S1914M", FRANCE_HOLDS, f"{GERMANY_HOLDS}\nA mun H\nA gas H",
                f"{GERMANY_HOLDS}\nA mun H\nA sil H")
    report = script.twin.transcript(script.france.address)[-1]
    assert "Spring 1914 Movement results" in report, report
    script.france_writes("")
    master = script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nBOARD")
    assert master[0] != master[1]  # the control: the games differ for the master
    assert script.leaks() == ""
