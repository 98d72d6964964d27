"""Adversary advsec8 on 12b's retreats after a dislodgement no other side saw. Germany
controls neutral Russia (a Controlled Neutral: rule 6; 12c names it, with its player, to
everyone) and dislodges his own army in Silesia with Russia's army, supported by another
Russian army in Prussia (rule 7 lets them act next to Warsaw). Two units of one side
meeting is that player's own business (12d: docs/variants/envoy.md), so nobody else is
told where the attack came from: Warsaw in game A, Galicia in game B. The dislodgement
and its retreats are told to everyone (12b); the retreats must not name the attack's
origin by leaving it out (variants/envoy/retreats.py `told_retreats`: "never there",
1971)."""

from __future__ import annotations

from collections.abc import Callable

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.orders_board import edit_board
from tests.secrecy.envoy import OBSERVER
from tests.secrecy.test_envoy_items import (
    FRANCE_HOLDS,
    FRANCE_PLACES,
    GERMANY_HOLDS,
    Script,
)


def _russia_for_germany(warsaw: str) -> Callable[[Position], Position]:
    def edit(board: Position) -> Position:
        units = tuple(u._replace(loc=warsaw) if u == Unit("RUSSIA", "A", "war") else u
                      for u in board.units)
        added = (Unit("GERMANY", "A", "sil"), Unit("RUSSIA", "A", "pru"))
        return board._replace(units=(*units, *added))
    return edit


def test_a_dislodgement_no_other_side_saw_does_not_tell_where_it_came_from(
        databases: tuple[Database, Database]) -> None:
    script = Script(databases, "stab")
    # Germany's diplomat placed in Russia makes it his Controlled Neutral (6).
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Rus\nBuild D Hol")
    for talk, warsaw in ((script.twin.a, "war"), (script.twin.b, "gal")):
        edit_board(talk, "F1914M", _russia_for_germany(warsaw))
    script.turn("F1914M", FRANCE_HOLDS,
                f"{GERMANY_HOLDS}\nA mun H\nA sil H\nA war-sil\nA pru S A war-sil",
                f"{GERMANY_HOLDS}\nA mun H\nA sil H\nA gal-sil\nA pru S A gal-sil")
    report = script.twin.transcript(OBSERVER.address)[-1].split("--- part image")[0]
    assert "The German A Silesia can retreat to" in report, report
    assert script.twin.differences([script.france.address, OBSERVER.address]) == ""
