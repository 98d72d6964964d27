"""The picture's arrows in the order of the turn's results (found by the harness playing
on, harness22: Stab Envoy seed stab-37 with SECRECY_AFTER=2). The results come in the true
board's order, but a move by convoy that no fleet could carry is illegal and goes last; an
unseen fleet on the way makes it legal and leaves it in its place (it fails all the same,
no fleet convoying). So Russia's Spring 1915 picture drew her army's arrow before her
fleets' in one game and after them in the other, as Germany's unseen fleet had gone to the
Baltic or not (12d), while her report's text read the same. The arrows are now drawn by
place (judge/pictures/orders.py).

Here Italy's army in Rome, France's Major Ally's, moves by convoy to Tunis with no fleet
of France's or Italy's to carry it, while a German fleet stands unseen in the Baltic (game
A) or in the Tyrrhenian Sea (game B), put there before the first turn. What France and the
observer receive, the report's PNG and SVG included, must be the same."""

from __future__ import annotations

from collections.abc import Callable

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.orders_board import edit_board
from tests.secrecy.test_envoy_items import FRANCE_PLACES, GERMANY_HOLDS, Script

FRANCE = "A rom-tun via convoy\nA par-bur\nA mar-gas\nF bre-mao\nA ven-pie\nF nap H"


def _fleet_in(sea: str) -> Callable[[Position], Position]:
    def edit(board: Position) -> Position:
        return board._replace(units=(*board.units, Unit("GERMANY", "F", sea)))
    return edit


def test_the_arrows_do_not_tell_an_unseen_fleet_on_a_convoy_route(
        databases: tuple[Database, Database]) -> None:
    script = Script(databases, "stab")
    for talk, sea in ((script.twin.a, "bal"), (script.twin.b, "tys")):
        edit_board(talk, "W1913P", _fleet_in(sea))
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    script.turn("S1914M", FRANCE, f"{GERMANY_HOLDS}\nA mun H\nF bal H", f"{GERMANY_HOLDS}"
                "\nA mun H\nF tys H")
    report = script.twin.transcript(script.france.address)[-1]
    assert 'data-order="A rom - tun VIA"' in report, report[:3000]
    script.france_writes("MAP")
    assert script.leaks() == ""
