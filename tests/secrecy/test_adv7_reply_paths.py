"""Adversary advsec7 on the replies changed in session 23, as a player of Stab Envoy
(France and Germany: tests/secrecy/test_envoy_items.py). Germany's A Munich stays (game A)
or walks unseen into Tyrolia (game B) in Spring 1914 and holds there in the Autumn; France,
whose diplomat walked into Germany in the Spring, takes Spain and owes one build in Winter
1914. Everything France and the observer receive must be the same in both games:

- orders sent ahead for the Winter naming Munich and Tyrolia, kindless and numbered lines
  among them, told when the Winter opens (judge/game/adjudication.py `_refusals`);
- the reminder and the late notice France gets in the Winter for the build she still owes
  (judge/game/deadline_notices.py `_missing_line`, asked on the board the visibility shows,
  without her knowledge record);
- the Autumn's lines written again in the Winter, late (refusals.py `_late`, `_in_time`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.orders_board import edit_board
from tests.secrecy.test_adv6_kindless_diplomat import FALL, SPRING
from tests.secrecy.test_adversary_madman_notice import sweep_at
from tests.secrecy.test_envoy_items import (
    FRANCE_HOLDS,
    FRANCE_PLACES,
    GERMANY_HOLDS,
    MASTER_SIGNON,
    Script,
    tyrolia,
)

# Lines for the Winter, each naming what France cannot see, or her diplomat in Germany
# (5.ii: `mun-bel` is for him where she orders no army there) by kind, by number, by none.
AHEAD = ("Build A mun\nBuild F kie\nRemove A tyr\nRemove A mun\nA ven S A tyr-mun\n"
         "A ven S A mun-tyr\nmun-bel\nmun H\nD ger-bel\n1 D ger-bel\n2 D ger H\n"
         "Build D mun\nBuild A tyr")
# The Autumn's lines again, late: for her diplomat, and for Venice naming the unseen.
LATE = "D ger H\nger-bel\nmun-bel\n1 D ger-bel\nA ven S A tyr\nA ven S A mun-tyr\nA ven-tyr"


def _winter(databases: tuple[Database, Database], fall: str) -> Script:
    script = tyrolia(databases, "stab", SPRING)
    script.turn("F1914M", fall,
                f"{GERMANY_HOLDS}\nA mun H", f"{GERMANY_HOLDS}\nA tyr H")
    return script


def test_orders_sent_ahead_reminders_and_late_notices_tell_nothing_unseen(
        databases: tuple[Database, Database]) -> None:
    script = _winter(databases, f"{FALL}\nD ger H\nPHASE W1914A\n{AHEAD}\nPHASE")
    opening = script.twin.transcript(script.france.address)[-1]
    assert "Fall 1914 Movement results" in opening, opening.split("--- part")[0]
    assert "'Build A mun'" in opening, opening.split("--- part")[0]
    assert "there is no unit" not in opening, opening.split("--- part")[0]
    script.twin.send(script.germany.address, f"{script.germany.signon}\nWaive")
    sweep_at(script.twin, -timedelta(hours=23))
    reminder = script.twin.transcript(script.france.address)[-1]
    assert "reminder" in reminder and "Still without orders" in reminder, reminder
    sweep_at(script.twin, timedelta(minutes=1))
    notice = script.twin.transcript(script.france.address)[-1]
    assert "orders late" in notice and "Still without orders" in notice, notice
    script.france_writes("Build A mar")
    assert script.leaks() == ""


def test_the_autumns_lines_written_late_are_answered_the_same(
        databases: tuple[Database, Database]) -> None:
    """Her Autumn's orders held none for A Venice nor her diplomat, so each line is late
    when the Autumn would have taken it: asked of the Autumn's board as she saw it."""
    script = _winter(databases, FALL.replace("A ven H\n", ""))
    replies = script.twin.send(script.france.address, f"{script.france.signon}\n{LATE}")
    assert "moved on" in replies[0], replies[0]
    script.france_writes("Build A mar")
    assert script.leaks() == ""


# Lines for the Fall, sent in the Spring, naming Holland, where Germany's diplomat stays
# (A) or which it leaves for Germany (B) unseen under Secret and Stab (11).
HOLLAND = ("D bel S D hol H\nD bel S D hol-ger\nD bel S D hol-bel\nD hol H\nD hol-bel\n"
           "2 D hol H\nhol H\nhol-bel\nD bel-hol\n1 D bel S D hol")


@pytest.mark.parametrize("hidden", ["secret", "stab"])
def test_diplomat_lines_sent_ahead_naming_a_hidden_diplomat_are_dropped_the_same(
        databases: tuple[Database, Database], hidden: str) -> None:
    """Those the Fall's board refuses are told as the Fall opens; France then clears them
    (a support matching Germany's diplomat would be a contact, told to both: 4, 11)."""
    script = Script(databases, hidden)
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    script.turn("S1914M", f"{FRANCE_HOLDS}\nPHASE F1914M\n{HOLLAND}\nPHASE",
                f"{GERMANY_HOLDS}\nD hol H", f"{GERMANY_HOLDS}\nD hol-ger")
    opening = script.twin.transcript(script.france.address)[-1]
    assert "Spring 1914 Movement results" in opening, opening.split("--- part")[0]
    # "There is no unit in Holland" is false where Germany's diplomat stands unseen.
    assert ("  'D hol H': you have no unit in Holland\n"
            "  'D hol-bel': you have no unit in Holland\n") in opening, opening
    script.france_writes(f"CLEAR\n{FRANCE_HOLDS}")
    assert script.leaks() == ""


def _burgundy(databases: tuple[Database, Database]) -> Script:
    """Stab, Fall 1914 set on both boards with France's army in Burgundy and Germany's in
    Ruhr and Belgium; Germany's A Munich stands beside Burgundy (A) or in Tyrolia (B),
    meeting nothing (12d). Germany dislodges France's army: Munich is a retreat France is
    told of in both games (rule 12b: retreats are public; variants/envoy/retreats.py), which
    the army standing there bars in game A only."""
    script = Script(databases, "stab")
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    for talk, munich in ((script.twin.a, "mun"), (script.twin.b, "tyr")):
        edit_board(talk, "F1914M", _moved(munich, Unit("FRANCE", "A", "bur"),
                                          Unit("GERMANY", "A", "ruh"),
                                          Unit("GERMANY", "A", "bel")))
    script.turn("F1914M", f"{FRANCE_HOLDS}\nA bur H",
                f"{GERMANY_HOLDS}\nA ruh-bur\nA bel S A ruh-bur\nA mun H",
                f"{GERMANY_HOLDS}\nA ruh-bur\nA bel S A ruh-bur\nA tyr H")
    return script


def _moved(munich: str, *units: Unit) -> Callable[[Position], Position]:
    def edit(board: Position) -> Position:
        kept = tuple(u._replace(loc=munich) if u == Unit("GERMANY", "A", "mun") else u
                     for u in board.units)
        return board._replace(units=(*kept, *units))
    return edit


def test_a_retreat_owed_is_reminded_the_same_whatever_stands_unseen_beside_it(
        databases: tuple[Database, Database]) -> None:
    """The late notice of the retreat France owes (`_missing_line`, asked of
    the board the visibility shows, without her record) name what her reply names; a Fall
    line written in the retreat turn is answered alike."""
    script = _burgundy(databases)
    report = script.twin.transcript(script.france.address)[-1]
    assert "Fall 1914 Retreats" in report, report.split("--- part")[0]
    # A retreat turn lasts no longer than the reminder comes before it ends: none is sent.
    sweep_at(script.twin, timedelta(minutes=1))
    notice = script.twin.transcript(script.france.address)[-1]
    assert "Still without orders: A Burgundy" in notice, notice.split("--- part")[0]
    replies = script.twin.send(script.france.address,
                               f"{script.france.signon}\nA bur H\nA bur-mun\nA mun H\nORDERS")
    assert "Munich" in replies[0], replies[0]
    script.france_writes("A bur-gas")
    assert script.leaks() == ""


def test_a_kindless_line_sent_ahead_is_carried_out_the_same(
        databases: tuple[Database, Database]) -> None:
    """test_adv6_kindless_diplomat.py's `mun-bel`, sent ahead with PHASE in the Spring while
    France's diplomat walks into Germany: read when the Autumn opens, for the diplomat she
    then knows stands there, whether Germany's army stands unseen in Munich (A) or not."""
    script = tyrolia(databases, "stab", f"{SPRING}\nPHASE F1914M\nmun-bel\nPHASE")
    script.turn("F1914M", FALL, f"{GERMANY_HOLDS}\nA mun H", f"{GERMANY_HOLDS}\nA tyr H")
    report = script.twin.transcript(script.france.address)[-1]
    assert "France:   D Germany -> Belgium." in report, report.split("--- part")[0]
    script.france_writes("Build A mar")
    assert script.leaks() == ""


OVER = ("ORDERS\nA par H\nPHASE W1914A\nBuild A mar\nPHASE\nSET ABSENCE 2026-12-01 2026-12-02\n"
        "SET DRAW\nSET CONCEDE Germany\nCLEAR\nJOIN beta pw-FRANCE")


def test_commands_to_the_finished_game_are_answered_the_same(
        databases: tuple[Database, Database]) -> None:
    """The master ends the game in the Fall (a draw between its survivors, as all are told
    them: judge/game/votes.py `survivors_told`); France's commands to it are answered by
    judge/commands/game_over.py, the same in both games."""
    script = tyrolia(databases, "stab")
    master = script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nEND GAME DRAW")
    assert master[0] == master[1], master
    replies = script.twin.send(script.france.address, f"{script.france.signon}\n{OVER}")
    assert "is over (draw between France and Germany" in replies[0], replies[0]
    assert replies[0] == replies[1]
    signed_off = script.twin.send(script.france.address, OVER.replace("JOIN", "OBSERVE"))
    assert signed_off[0] == signed_off[1]
    # What she may read of the finished game, press to it and the notice of the end too.
    script.france_writes("MAP beta\nPRESS TO G\nhello\nENDPRESS\nSET WAIT")
    assert script.leaks() == ""
