"""Adversary advsec8 on the retreat results Stab Envoy publishes (12b: "every retreat: all
dislodged units with their retreats, all results of retreat"). France's army in Burgundy
is dislodged from the Ruhr; Picardy, Gascony, Paris and Marseilles hold French armies, so
the retreats she is told (variants/envoy/retreats.py `told_retreats`) are Belgium, where
Germany's supporting army stands unseen in both games, and Munich, where Germany's army
stands unseen in game A and which it left for Tyrolia in game B (tests/secrecy/
test_adv7_reply_paths.py `_burgundy`, France's units around it added). On the true board
the army can retreat nowhere in game A and to Munich in game B.

France sends no retreat. Her army disbands in both; the report's line for it must not tell
whether it could have gone anywhere ("(no order)" marked a unit that missed a retreat it
had on the true board only: judge/engine/retreats.py `_settle`)."""

from __future__ import annotations

from datetime import timedelta

from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.orders_board import edit_board
from tests.secrecy.envoy import OBSERVER
from tests.secrecy.test_adv7_reply_paths import _moved
from tests.secrecy.test_adversary_madman_notice import sweep_at
from tests.secrecy.test_envoy_items import (
    FRANCE_HOLDS,
    FRANCE_PLACES,
    GERMANY_HOLDS,
    MASTER_SIGNON,
    Script,
    _adding,
)


def _hemmed_in(databases: tuple[Database, Database]) -> Script:
    script = Script(databases, "stab")
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    for talk, munich in ((script.twin.a, "mun"), (script.twin.b, "tyr")):
        edit_board(talk, "F1914M", _moved(munich, Unit("FRANCE", "A", "bur"),
                                          Unit("FRANCE", "A", "pic"),
                                          Unit("FRANCE", "A", "gas"),
                                          Unit("GERMANY", "A", "ruh"),
                                          Unit("GERMANY", "A", "bel")))
    france = f"{FRANCE_HOLDS}\nA bur H\nA pic H\nA gas H"
    script.turn("F1914M", france,
                f"{GERMANY_HOLDS}\nA ruh-bur\nA bel S A ruh-bur\nA mun H",
                f"{GERMANY_HOLDS}\nA ruh-bur\nA bel S A ruh-bur\nA tyr H")
    return script


def test_a_retreat_not_ordered_is_reported_the_same_whatever_bars_it_unseen(
        databases: tuple[Database, Database]) -> None:
    script = _hemmed_in(databases)
    report = script.twin.transcript(script.france.address)[-1]
    assert "Fall 1914 Retreats" in report, report.split("--- part image")[0]
    assert "Munich" in report.split("--- part image")[0], report.split("--- part image")[0]
    script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nPROCESS F1914R")
    retreats = script.twin.transcript(script.france.address)[-1]
    assert "Fall 1914 Retreats results" in retreats, retreats.split("--- part image")[0]
    script.france_writes("")
    assert script.leaks() == ""


def test_whether_another_player_missed_a_retreat_is_his_own(
        databases: tuple[Database, Database]) -> None:
    """Who reads France's retreat results without her board (the observer, 12b) is not
    told whether she was told a retreat: here she was told none in game A, her own army
    standing unseen in Gascony, and Gascony in game B, that army in Piedmont. Germany's
    army in Munich attacks Burgundy with the support of Austria's in the Ruhr, its Major
    Ally's, which everyone sees (12c); French armies stand in Paris, Picardy, Belgium and
    Marseilles."""
    script = Script(databases, "stab")
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    for talk, gascony in ((script.twin.a, "gas"), (script.twin.b, "pie")):
        edit_board(talk, "F1914M", _adding(Unit("FRANCE", "A", "bur"),
                                           Unit("FRANCE", "A", "pic"),
                                           Unit("FRANCE", "A", "bel"),
                                           Unit("FRANCE", "A", gascony),
                                           Unit("AUSTRIA", "A", "ruh")))
    script.turn("F1914M", f"{FRANCE_HOLDS}\nA bur H\nA pic H\nA bel H\nA gas H\nA pie H",
                f"{GERMANY_HOLDS}\nA mun-bur\nA ruh S A mun-bur")
    report = script.twin.transcript(OBSERVER.address)[-1].split("--- part image")[0]
    assert "The French A Burgundy can retreat to" in report, report
    script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nPROCESS F1914R")
    script.france_writes("")
    results = [m for m in script.twin.transcript(OBSERVER.address) if "Retreats results" in m]
    assert results and "France:   A Burgundy DISBAND" in results[0], results
    assert script.twin.differences([OBSERVER.address]) == ""


def test_the_retreat_deadline_passes_alike_whatever_bars_it_unseen(
        databases: tuple[Database, Database]) -> None:
    """The same retreat left unordered until the deadline: the late notice, the turn
    processed at the end of grace, its report (France's own lateness in it) and what she
    reads after are the same in both games."""
    script = _hemmed_in(databases)
    sweep_at(script.twin, timedelta(minutes=1))
    notice = script.twin.transcript(script.france.address)[-1]
    assert "Still without orders: A Burgundy" in notice, notice.split("--- part image")[0]
    sweep_at(script.twin, timedelta(days=1, minutes=2))  # grace ends
    results = [m for m in script.twin.transcript(script.france.address)
               if "Retreats results" in m]
    assert results and "A Burgundy DISBAND (no order)." in results[0], results
    script.france_writes("")
    assert script.leaks() == ""
