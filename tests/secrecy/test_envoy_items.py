"""Issue #13's findings as non-interference cases: scripted two-player games (France and
Germany, placed as in tests/conversations/envoy/envoy_setup.py) in which Germany's orders
differ between game A and game B in a way rules 11 and 12 keep from France; France then
writes the orders that found the leak, and everything France and the observer receive must
be the same in both games."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.orders_board import edit_board
from tests.secrecy.envoy import OBSERVER, envoy_table
from tests.secrecy.noninterference import Table
from tests.secrecy.twin import Twin

FRANCE_PLACES = "Build D Ita\nBuild D Ita\nBuild D Spa\nBuild D Bel"
FRANCE_HOLDS = "A par H\nA mar H\nF bre H\nA ven H\nA rom H\nF nap H"
GERMANY_HOLDS = "A ber H\nF kie H\nA vie H\nA bud H\nF tri H"
# Marseilles falls vacant and Spain is France's in the autumn: a build is due in Winter 1914.
FRANCE_TAKES_SPAIN = FRANCE_HOLDS.replace("A mar H", "A mar-spa")
READS = "ORDERS\nLIST beta\nHISTORY beta\nSUMMARY beta\nBOARD"


class Script:
    def __init__(self, databases: tuple[Database, Database], hidden: str) -> None:
        self.twin = Twin(databases)
        self.table: Table = envoy_table(self.twin, hidden, ["FRANCE", "GERMANY"], seed=1913)
        self.france, self.germany = self.table.players["FRANCE"], self.table.players["GERMANY"]
        self.twin.watch(self.france.address, OBSERVER.address)

    def turn(self, phase: str, france: str, germany: str, germany_b: str | None = None) -> None:
        """Both write (Germany `germany_b` in game B); the master processes `phase`."""
        self.twin.send(self.france.address, f"{self.france.signon}\n{france}")
        self.twin.send(self.germany.address, f"{self.germany.signon}\n{germany}",
                       None if germany_b is None else f"{self.germany.signon}\n{germany_b}")
        self.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nPROCESS {phase}")

    def france_writes(self, body: str) -> None:
        self.twin.send(self.france.address, f"{self.france.signon}\n{body}\n{READS}")
        self.twin.send(OBSERVER.address, f"{OBSERVER.signon}\n{READS}")

    def leaks(self) -> str:
        return self.twin.differences([self.france.address, OBSERVER.address])


MASTER_SIGNON = ("gm@example.org", "SIGNON Mbeta gmpw")


def tyrolia(databases: tuple[Database, Database], hidden: str,
            france: str = FRANCE_TAKES_SPAIN) -> Script:
    """Germany's A Munich stays (A) or walks into Tyrolia (B) in Spring 1914 and holds,
    meeting nothing: Italy's A Venice, France's Major Ally's, holds beside it (12d)."""
    script = Script(databases, hidden)
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    script.turn("S1914M", france, f"{GERMANY_HOLDS}\nA mun H", f"{GERMANY_HOLDS}\nA mun-tyr")
    return script


def autumn(script: Script, france: str) -> None:
    script.turn("F1914M", france.replace("A mar-spa", "A spa H"),
                f"{GERMANY_HOLDS}\nA mun H", f"{GERMANY_HOLDS}\nA tyr H")


def test_an_order_naming_an_unseen_army_is_answered_the_same(
        databases: tuple[Database, Database]) -> None:
    script = tyrolia(databases, "stab")
    script.france_writes("A ven S A tyr\nA ven S F tyr\nA ven-tyr\nA ven S A tyr-pie\n"
                         "A ven S A mun-tyr\nF nap H")
    assert script.leaks() == ""


def test_a_removal_naming_an_unseen_army_is_answered_the_same(
        databases: tuple[Database, Database]) -> None:
    """France owes builds, not removals: its removals are refused as it writes them (item
    2 with a removal owed: the two tests after this one)."""
    script = tyrolia(databases, "stab")
    autumn(script, FRANCE_TAKES_SPAIN)
    script.turn("W1914A", "Remove A tyr\nRemove A mun\nRemove F kie\nBuild A mar", "Waive")
    script.france_writes("")
    assert script.leaks() == ""


def removal_owed(databases: tuple[Database, Database]) -> Script:
    """Stab, Winter 1914 set on both boards: France has armies in Burgundy and Picardy too,
    five units on Paris (double, rule 3), Marseilles and Brest, so it owes one removal.
    Germany's fleet stands in Greece (A) or in the Aegean Sea (B): a Major Neutral's centre
    and a sea beside no unit of France's or its Major Ally Italy's, so nothing meets it and
    neither is told to France (12). Germany owns no more units than centres in either."""
    script = Script(databases, "stab")
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    for talk, fleet in ((script.twin.a, "gre"), (script.twin.b, "aeg")):
        edit_board(talk, "W1914A", _adding(Unit("FRANCE", "A", "bur"),
                                           Unit("FRANCE", "A", "pic"),
                                           Unit("GERMANY", "F", fleet)))
    return script


def _adding(*units: Unit, greece: str | None = None) -> Callable[[Position], Position]:
    """The board with `units` added (and Greece owned by `greece`, if given)."""
    def edit(board: Position) -> Position:
        owners = {**board.owners, **({"gre": greece} if greece else {})}
        return board._replace(units=(*board.units, *units), owners=owners)
    return edit


def test_a_removal_owed_naming_an_unseen_fleet_is_answered_and_reported_the_same(
        databases: tuple[Database, Database]) -> None:
    """Issue #13 item 2, by mail: France owes a removal and names Greece, where Germany's
    fleet stands in game A and nothing in game B, once as a fleet and once bare, beside
    the removal it means. The reply, the winter report and what France reads after are the
    same in both games; before the fix game A answered 'F gre belongs to GERMANY'."""
    script = removal_owed(databases)
    reply, _ = script.twin.send(script.france.address, f"{script.france.signon}\n"
                                "Remove F gre\nRemove gre\nRemove A pic\nORDERS")
    assert "line 2: Remove F gre\n    France has no unit in Greece\n" in reply
    assert "line 3: Remove gre\n    France has no unit in Greece\n" in reply
    assert "Still without orders" not in reply
    script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nPROCESS W1914A")
    report = script.twin.transcript(script.france.address)[-1]
    assert "Winter 1914 Adjustments results" in report
    assert "France:   A Picardy REMOVE.\n" in report, report
    script.france_writes("")
    assert script.leaks() == ""


def test_a_removal_sent_ahead_naming_an_unseen_fleet_is_dropped_the_same(
        databases: tuple[Database, Database]) -> None:
    """Issue #13 item 2 through PHASE: the same boards set in Fall 1914, Greece already
    Germany's in both games (so its fleet taking no centre there keeps every count the
    same, 12e); France sends its removals ahead for the winter, and they are checked when
    the winter opens."""
    script = Script(databases, "stab")
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    for talk, fleet in ((script.twin.a, "gre"), (script.twin.b, "aeg")):
        edit_board(talk, "F1914M", _adding(Unit("FRANCE", "A", "bur"),
                                           Unit("FRANCE", "A", "pic"),
                                           Unit("GERMANY", "F", fleet), greece="GERMANY"))
    script.turn("F1914M", f"{FRANCE_HOLDS}\nA bur H\nA pic H\n"
                "PHASE W1914A\nRemove F gre\nRemove gre\nRemove A pic\nPHASE",
                f"{GERMANY_HOLDS}\nA mun H\nF gre H", f"{GERMANY_HOLDS}\nA mun H\nF aeg H")
    opening = script.twin.transcript(script.france.address)[-1]
    assert "Fall 1914 Movement results" in opening, opening
    assert ("  'Remove F gre': France has no unit in Greece\n"
            "  'Remove gre': France has no unit in Greece\n") in opening, opening
    script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nPROCESS W1914A")
    script.france_writes("")
    assert script.leaks() == ""


def test_whether_a_winter_is_played_does_not_tell_an_unseen_vacant_centre(
        databases: tuple[Database, Database]) -> None:
    """France can build nowhere (its home centres are all occupied); Munich is vacant only
    in game B."""
    script = tyrolia(databases, "stab", FRANCE_HOLDS)
    autumn(script, FRANCE_HOLDS)
    script.france_writes("Build A mar")
    assert script.leaks() == ""


def germany_in_france(databases: tuple[Database, Database], hidden: str) -> Script:
    """France takes Spain (a build due in Winter 1914); Germany's diplomat at home stays
    (A) or walks into France (B) in Fall 1914, where no French diplomat is (11)."""
    script = Script(databases, hidden)
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Ger")
    script.turn("S1914M", FRANCE_HOLDS.replace("A mar H", "A mar-spa"), GERMANY_HOLDS)
    script.turn("F1914M", FRANCE_HOLDS.replace("A mar H", "A spa H"),
                f"{GERMANY_HOLDS}\nD ger H", f"{GERMANY_HOLDS}\nD ger-fra")
    return script


@pytest.mark.parametrize("hidden", ["secret", "stab"])
def test_a_diplomat_build_is_answered_the_same_whoever_stands_in_france(
        databases: tuple[Database, Database], hidden: str) -> None:
    """The build is answered alike when written. At the deadline it meets Germany's diplomat
    in game B: two players' diplomats in one country is a contact (rule 4), told to both as
    any diplomats' conflict is (11), so the games may part there and are not compared."""
    script = germany_in_france(databases, hidden)
    script.france_writes("Build D Mar")
    assert script.leaks() == ""


def test_without_hidden_movement_the_same_case_shows_the_diplomat(
        databases: tuple[Database, Database]) -> None:
    script = germany_in_france(databases, "none")
    assert "D Germany -> France." in script.leaks()


def test_an_unnamed_concession_does_not_tell_who_leads(
        databases: tuple[Database, Database]) -> None:
    """Secret: Germany's diplomats in Denmark and Holland hold (A) or both enter England
    (B), which makes England Germany's Major Ally (6) and Germany the leader by rule 10's
    count; France's diplomat in Belgium, beside England, holds and meets nothing (11).
    Issue #13 item 5 (fixed on main by the seats branch): game B ended, conceded to
    Germany, where game A answered that no single power leads."""
    script = Script(databases, "secret")
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    script.turn("S1914M", FRANCE_HOLDS, f"{GERMANY_HOLDS}\nA mun H\nD den H\nD hol H",
                f"{GERMANY_HOLDS}\nA mun H\nD den-engl\nD hol-engl")
    script.france_writes("SET CONCEDE")
    assert script.leaks() == ""


def test_retreat_options_do_not_tell_an_unseen_neighbour(
        databases: tuple[Database, Database]) -> None:
    """Stab: Austria (Germany's Major Ally, public under 12c) dislodges Italy's A Venice
    (France's Major Ally); Germany's A Munich stays (A) or has walked into Tyrolia (B),
    beside Venice, meeting nothing (12d)."""
    script = Script(databases, "stab")
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    germany = "A ber H\nF kie H\nA bud H"
    script.turn("S1914M", FRANCE_HOLDS, f"{germany}\nF tri-adr\nA vie-tri\nA mun H",
                f"{germany}\nF tri-adr\nA vie-tri\nA mun-tyr")
    script.turn("F1914M", FRANCE_HOLDS, f"{germany}\nF adr S A tri-ven\nA tri-ven\nA mun H",
                f"{germany}\nF adr S A tri-ven\nA tri-ven\nA tyr H")
    script.france_writes("A ven-tyr")
    assert script.leaks() == ""
