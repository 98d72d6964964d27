"""Stored order sets are read once and the readings kept (judge.game.ordering): what the
callers get must be what reading the lines afresh gives, theirs to change, and never an
Order object shared with another power's set (adjudication tells orders apart by identity)."""

from __future__ import annotations

from datetime import UTC, datetime

from judge.engine.orders import Hold, Move
from judge.game import ordering
from judge.store import repo
from judge.store.db import Database
from judge.variant import load_variant

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
            sets = ordering.latest_sets(s, variant, turn)
            french, german = sets["FRANCE"]["par"], sets["GERMANY"]["par"]
            assert french.order == german.order == Hold("par", "A")
            assert french.order is not german.order


def test_a_reading_changed_by_its_caller_is_not_the_next_callers(database: Database) -> None:
    variant = load_variant("standard")
    with database.unit_of_work() as s:
        game = repo.create_game(s, name="readings", variant="standard")
        turn = repo.record_turn(s, game, phase="S1901M", position_before={})
        repo.submit_orders(s, turn, "FRANCE", ["A Par-Bur", "F Bre-Mid"], submitted_at=T0)
        read, errors = ordering.read_lines(variant, variant.start.phase, [(1, "A Mar-Spa")])
        for _ in range(2):  # read first, then from the kept readings; merged into each
            merged = ordering.latest_set(s, variant, turn, "FRANCE")
            assert {k: w.order for k, w in merged.items()} == {
                "par": Move("par", "bur", "A"), "bre": Move("bre", "mao", "F")}
            assert ordering.merge(variant, variant.start, "FRANCE", merged, read) == errors == []
            assert list(merged) == ["par", "bre", "mar"]
        again = ordering.latest_set(s, variant, turn, "FRANCE")
        assert [w.text for w in again.values()] == ["A Par-Bur", "F Bre-Mid"]
