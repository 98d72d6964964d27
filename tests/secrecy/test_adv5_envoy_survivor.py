"""Adversary advsec5 on who survives in Stab Envoy (rule 12: Germany's armies are hidden
from France unless they meet; 12e names a power as it is eliminated). The judge counted
survivors on the true board (judge/game/votes.survivors_on: a unit or a centre), and in a
game that hides things the turn waits for every surviving player's answer
(readiness.unanswered_powers): so whether Germany, holding no centre, still has an army
somewhere France cannot see decided LIST's "Orders not yet sent by", when the Winter was
played, and whether France's SET DRAW passed.

The Winter of 1914 is set on both boards with every German unit and centre gone, but for
an army in Silesia in game A. France builds and reads: she must receive the same mail.
Before the fix game A said "Orders not yet sent by: France, Germany" where B said
"France", B played the Winter at France's orders and passed her SET DRAW. Stab Envoy now
counts the powers with a centre (EnvoyVisibility.survivors_told, judge/game/votes.py)."""

from __future__ import annotations

from collections.abc import Callable

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.orders_board import edit_board
from tests.secrecy.test_envoy_items import FRANCE_TAKES_SPAIN, autumn, tyrolia


def _germany_gone(keep: bool) -> Callable[[Position], Position]:
    def edit(board: Position) -> Position:
        units = (*(u for u in board.units if u.power != "GERMANY"),
                 *([Unit("GERMANY", "A", "sil")] * keep))
        owners = {c: p for c, p in board.owners.items() if p != "GERMANY"}
        return board._replace(units=units, owners=owners)
    return edit


def test_whether_germany_has_an_army_left_is_not_told_to_france(
        databases: tuple[Database, Database]) -> None:
    script = tyrolia(databases, "stab")
    autumn(script, FRANCE_TAKES_SPAIN)
    for talk, keep in ((script.twin.a, True), (script.twin.b, False)):
        edit_board(talk, "W1914A", _germany_gone(keep))
    france = script.france
    for body in ("LIST beta\nORDERS", "Build A mar\nLIST beta", "SET DRAW\nLIST beta"):
        script.twin.send(france.address, f"{france.signon}\n{body}")
    assert script.leaks() == ""
