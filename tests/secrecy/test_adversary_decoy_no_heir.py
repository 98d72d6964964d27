"""An adversary's attack on the decoys (rn45 C8 with B1, B3; issue #15): a decoy taken off
the board as a unit (disbanded in a retreat turn, removed in civil disorder or by its
owner) when its owner has no other military unit of its kind to pay for it.

Russia has no army but the one in Galicia (its A Warsaw is gone, as when the army a decoy
copied is destroyed) and a navy in the Black Sea; one of the two is the decoy: Galicia's
in game A, the Black Sea's in game B. Everyone sees the army in Galicia go. Were nothing
to pay in game A, Russia would keep a military unit more than in game B (the decoy takes
no supply), and the next Winter's count, or whether there is a Winter at all, would tell
everyone which piece the decoy was. Everyone but Russia must receive the same mail through
that Winter and the Spring after."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from judge.engine.position import Position
from judge.engine.types import Unit, province_of
from judge.store.db import Database
from tests.conversations.orders_board import edit_board
from tests.secrecy.engineered import DECOY, MASTER, OBSERVER, engineered_table
from tests.secrecy.noninterference import Table
from tests.secrecy.test_adversary_decoy_removals import position_of_open_turn
from tests.secrecy.twin import Twin

READS = "ORDERS\nLIST beta\nHISTORY beta\nSUMMARY beta\nBOARD"
GALICIA, BLACK_SEA = Unit("RUSSIA", "A", "gal"), Unit("RUSSIA", "N", "bla")
# Austria's A Bud with Vienna's support dislodges the army in Galicia, as it would a real one.
AUSTRIA_TAKES_GALICIA = "A Bud-Gal\nA Vie S A Bud-Gal\nN Tri H"
NOTE = "The A Galicia that went was the decoy, which takes no supply (rn45 B1, B3)"


def russia_board(twin: Twin, phase: str, kept: Sequence[str], added: Sequence[Unit]) -> None:
    """Both games' open turn becomes `phase`: Russia keeps its units in `kept` and has
    `added`, whose first unit is the decoy in game A and second in game B."""
    for talk, which in zip((twin.a, twin.b), (0, 1), strict=True):
        marked = [u._replace(payload=DECOY) if i == which else u for i, u in enumerate(added)]
        edit_board(talk, phase, _russia(kept, marked))


def _russia(kept: Sequence[str], added: Sequence[Unit]) -> Callable[[Position], Position]:
    def edit(board: Position) -> Position:
        others = [u for u in board.units
                  if u.power != "RUSSIA" or province_of(u.loc) in kept]
        return board._replace(units=(*others, *added))
    return edit


def others(table: Table) -> list[str]:
    return [s.address for p, s in table.players.items() if p != "RUSSIA"] + [OBSERVER.address]


def game(databases: tuple[Database, Database], phase: str, kept: Sequence[str],
         added: Sequence[Unit]) -> tuple[Twin, Table]:
    twin = Twin(databases)
    table = engineered_table(twin)
    russia_board(twin, phase, kept, added)
    twin.watch(*others(table), table.players["RUSSIA"].address)
    return twin, table


def process(twin: Twin, *phases: str) -> None:
    for phase in phases:
        twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS {phase}")


def alike_for_everyone_else(twin: Twin, table: Table) -> None:
    """Everything but Russia read, and nobody else told anything different."""
    for seat in (*(s for p, s in table.players.items() if p != "RUSSIA"), OBSERVER):
        twin.send(seat.address, f"{seat.signon}\n{READS}")
    told = twin.differences(others(table))
    assert told == "", told


def dislodged_in_galicia(databases: tuple[Database, Database],
                         kept: Sequence[str]) -> tuple[Twin, Table]:
    """Austria dislodges Galicia's army in the Spring; Russia sends no retreat, so it is
    disbanded in the retreat turn."""
    twin, table = game(databases, "S1902M", kept, [GALICIA, BLACK_SEA])
    austria = table.players["AUSTRIA"]
    twin.send(austria.address, f"{austria.signon}\n{AUSTRIA_TAKES_GALICIA}")
    process(twin, "S1902M", "S1902R")
    return twin, table


def russian_units(twin: Twin) -> tuple[set[str], set[str]]:
    """Per game, where Russia's decoy stands (its military units aside)."""
    found = tuple({province_of(u.loc) for u in position_of_open_turn(talk).units
                   if u.power == "RUSSIA" and u.payload} for talk in (twin.a, twin.b))
    return found[0], found[1]


def test_a_disbanded_decoy_with_no_army_left_costs_a_unit_of_another_kind(
        databases: tuple[Database, Database]) -> None:
    """Retreat turn. In game A the decoy was Galicia's army: no army is left to pay, so the
    navy in the Black Sea, civil disorder's next pick of any kind, pays, and the decoy
    stands there as a navy, as in game B; Russia (4 centres, 3 military units) builds one
    in both."""
    twin, table = dislodged_in_galicia(databases, ("mos", "sev", "stp"))
    assert russian_units(twin) == ({"bla"}, {"bla"})
    russia = table.players["RUSSIA"]
    assert "the N Black Sea is the military unit it cost, and the decoy stands in Black Sea " \
        "in its place, now a navy like it (C8)." in twin.transcript(russia.address, 0)[-1]
    assert not any(NOTE in m for m in twin.transcript(russia.address, 1))
    process(twin, "F1902M", "W1902A", "S1903M")
    assert any("Russia:   builds 1 unit" in m for m in twin.transcript(OBSERVER.address, 0))
    alike_for_everyone_else(twin, table)


def test_an_owner_left_with_no_military_unit_at_all(
        databases: tuple[Database, Database]) -> None:
    """Russia has only the two pieces: in game A, once the decoy has passed its place to the
    navy, Russia holds no military unit at all, as in game B, and builds on its four
    centres in both."""
    twin, table = dislodged_in_galicia(databases, ())
    assert russian_units(twin) == ({"bla"}, {"bla"})
    process(twin, "F1902M", "W1902A", "S1903M")
    assert any("Russia:   builds 4 units" in m for m in twin.transcript(OBSERVER.address, 0))
    alike_for_everyone_else(twin, table)


# Russia: F Mos, N Sev, N StP, the navy in the Gulf of Bothnia, the army in Bohemia and
# the navy in the Black Sea, one of the last two the decoy: five military units on four
# centres, one removal owed. Bohemia is the farthest from Russia's centres (two steps), so
# civil disorder takes its army; the navy in the Black Sea is its next pick (one step, tied
# with Bothnia's, whose name comes after).
BOHEMIA, BOTHNIA = Unit("RUSSIA", "A", "boh"), Unit("RUSSIA", "N", "bot")


def winter_removal(databases: tuple[Database, Database], order: str) -> tuple[Twin, Table]:
    twin, table = game(databases, "W1902A", ("mos", "sev", "stp"),
                       [BOHEMIA, BLACK_SEA, BOTHNIA])
    if order:
        russia = table.players["RUSSIA"]
        twin.send(russia.address, f"{russia.signon}\n{order}")
    process(twin, "W1902A")
    return twin, table


def then_1903_alike(twin: Twin, table: Table) -> None:
    """The decoy in the Black Sea in both games, four military units on four centres, and
    all of 1903 through its Winter and the Spring after alike for everyone but Russia."""
    assert russian_units(twin) == ({"bla"}, {"bla"})
    process(twin, "S1903M", "F1903M", "W1903A", "S1904M")
    alike_for_everyone_else(twin, table)


def test_a_decoy_removed_in_civil_disorder_with_no_army_left(
        databases: tuple[Database, Database]) -> None:
    twin, table = winter_removal(databases, "")
    first = twin.transcript(OBSERVER.address)[-1]
    assert "A Bohemia" in first and "removed by the judge" in first, first
    then_1903_alike(twin, table)


def test_a_decoy_its_owner_removes_with_no_army_left(
        databases: tuple[Database, Database]) -> None:
    twin, table = winter_removal(databases, "Remove A Boh")
    first = twin.transcript(OBSERVER.address)[-1]
    assert "Russia:   A Bohemia REMOVE." in first and "by the judge" not in first, first
    russia = table.players["RUSSIA"].address
    assert "The A Bohemia that went was the decoy" in twin.transcript(russia, 0)[-1]
    then_1903_alike(twin, table)


def test_a_decoy_disbanded_with_nothing_left_to_pay_for_it(
        databases: tuple[Database, Database]) -> None:
    """Russia has only its armies in Galicia and Silesia, one the decoy (Galicia's in game
    A, Silesia's in B), and both are dislodged and disbanded: no military unit is left to
    pay for the decoy, in either game, and none is owed. Russia is told so; the others
    see Russia with no unit on its four centres in both games, building four."""
    twin, table = game(databases, "S1902M", (), [GALICIA, Unit("RUSSIA", "A", "sil")])
    germany, austria = table.players["GERMANY"], table.players["AUSTRIA"]
    twin.send(austria.address, f"{austria.signon}\n{AUSTRIA_TAKES_GALICIA}")
    twin.send(germany.address, f"{germany.signon}\nA Ber-Sil\nA Mun S A Ber-Sil\nN Kie H")
    process(twin, "S1902M", "S1902R")
    russia = table.players["RUSSIA"].address
    assert NOTE + ": its owner has no army, navy or fighter left that it could cost, so it " \
        "is gone at no cost, and every piece he still has is a decoy (C8)." \
        in twin.transcript(russia, 0)[-1]
    assert "The A Silesia that went was the decoy" in twin.transcript(russia, 1)[-1]
    assert not [u for u in position_of_open_turn(twin.a).units if u.power == "RUSSIA"]
    process(twin, "F1902M", "W1902A", "S1903M")
    assert any("Russia:   builds 4 units" in m for m in twin.transcript(OBSERVER.address, 0))
    alike_for_everyone_else(twin, table)
