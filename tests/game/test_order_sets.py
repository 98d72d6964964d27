"""Stored order sets are read once and the readings kept (judge.game.order_sets): what the
callers get must be what reading the lines afresh gives, theirs to change, and never an
Order object shared with another power's set (adjudication tells orders apart by identity)."""

from __future__ import annotations

from datetime import UTC, datetime

from judge.engine.orders import Hold, Move, Order, Support
from judge.engine.position import Position
from judge.engine.turn import adjudicate
from judge.engine.types import Unit
from judge.game import order_sets, ordering
from judge.grammar.reader import Writer
from judge.store import repo
from judge.store.db import Database
from judge.variant import Variant
from judge.variant_loader import load_variant

T0 = datetime(1901, 3, 1, 12, 0, tzinfo=UTC)


def test_same_lines_of_two_powers_share_no_order(database: Database) -> None:
    variant = load_variant("standard")
    with database.unit_of_work() as s:
        game = repo.create_game(s, name="readings", variant="standard")
        turn = repo.record_turn(s, game, phase="S1901M", position_before={})
        # Nonsense on the board, but the store keeps whatever lines a power's set has.
        repo.submit_orders(s, turn, "FRANCE", ["A Par H"], submitted_at=T0)
        repo.submit_orders(s, turn, "GERMANY", ["A Par H"], submitted_at=T0)
        for _ in range(2):  # the second time from the kept readings
            sets = order_sets.latest_sets(s, variant, turn)
            french, german = sets["FRANCE"]["par"], sets["GERMANY"]["par"]
            assert french.order == german.order == Hold("par", "A")
            assert french.order is not german.order


def test_a_reading_changed_by_its_caller_is_not_the_next_callers(database: Database) -> None:
    variant = load_variant("standard")
    with database.unit_of_work() as s:
        game = repo.create_game(s, name="readings", variant="standard")
        turn = repo.record_turn(s, game, phase="S1901M", position_before={})
        repo.submit_orders(s, turn, "FRANCE", ["A Par-Bur", "F Bre-Mid"], submitted_at=T0)
        read, errors = ordering.read_lines(variant, variant.start.phase, [(1, "A Mar-Spa")],
                                             Writer("FRANCE"))
        for _ in range(2):  # read first, then from the kept readings; merged into each
            merged = order_sets.latest_set(s, variant, turn, "FRANCE")
            assert {k: w.order for k, w in merged.items()} == {
                "par": Move("par", "bur", "A"), "bre": Move("bre", "mao", "F")}
            assert ordering.merge(variant, variant.start, "FRANCE", merged, read) == errors == []
            assert list(merged) == ["par", "bre", "mar"]
        again = order_sets.latest_set(s, variant, turn, "FRANCE")
        assert [w.text for w in again.values()] == ["A Par-Bur", "F Bre-Mid"]


def _retreat_phase() -> tuple[Variant, Position]:
    """Germany dislodges the French army in Burgundy (Spring 1901, from a set board)."""
    variant = load_variant("standard")
    units = (Unit("FRANCE", "A", "bur"), Unit("GERMANY", "A", "mun"),
             Unit("GERMANY", "A", "ruh"))
    start = variant.start._replace(units=units)
    orders: dict[str, list[Order]] = {
        "GERMANY": [Move("mun", "bur", "A"), Support("ruh", "mun", "bur", "A")]}
    after = adjudicate(variant.rules, start, orders).position
    assert after.phase.kind == "R" and [d.unit for d in after.dislodged] == [units[0]]
    return variant, after


def test_an_illegal_retreat_gets_its_reason(database: Database) -> None:
    # Once, any illegal retreat order recursed without end: the dislodged unit is not on
    # the board, so "take away the unit the writer cannot see" changed nothing.
    variant, position = _retreat_phase()
    read, errors = ordering.read_lines(variant, position.phase,
                                       [(1, "A bur R mun"), (2, "A bur R par")],
                                       Writer("FRANCE"))
    assert errors == []
    merged: dict[str, ordering.Written] = {}
    [error] = ordering.merge(variant, position, "FRANCE", merged, read)
    assert (error.line_no, error.text) == (1, "A bur R mun")
    assert error.reason == "A bur cannot retreat to mun; it may retreat to bel, gas, mar, par, pic"
    assert [w.text for w in merged.values()] == ["A bur R par"]
