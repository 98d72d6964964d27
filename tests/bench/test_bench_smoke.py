"""Smoke test of the benchmark's random game generator, with our engine only (no timing)."""

from __future__ import annotations

import itertools
import sys
from collections import Counter
from pathlib import Path

import pytest

from judge.engine.adjustments import adjustment_counts
from judge.engine.orders import Build, Convoy, Order, Retreat, describe
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.variant import Variant
from judge.variant_loader import load_variant

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import randomgame
from randomgame import PhaseRecord

REFUSALS = {Reason.ILLEGAL, Reason.NO_UNIT, Reason.NOT_YOURS, Reason.DUPLICATE, Reason.TOO_MANY}


@pytest.fixture(scope="module")
def standard() -> Variant:
    return load_variant("standard")


def _play(v: Variant, games: int, years: int, seed: int = 7) -> list[PhaseRecord]:
    records = []
    for game in range(games):
        played, problems = randomgame.play_game(v.rules, v.start, game, seed, years)
        assert not problems, "\n".join(f"{p.label}: {p.message}" for p in problems)
        records += played
    return records


def _results_of(record: PhaseRecord, order: Order) -> list[OrderResult]:
    return [r for r in record.result.results if r.order is order]


def _refused(result: OrderResult) -> bool:
    return result.outcome == Outcome.ILLEGAL or result.reason in REFUSALS


def _check_legality(records: list[PhaseRecord]) -> None:
    """Our engine judges every generated order legal, except the deliberately illegal ones."""
    for record in records:
        deliberate = {id(o) for o in record.illegal}
        for orders in record.orders.values():
            for order in orders:
                results = _results_of(record, order)
                assert results, f"{record.label}: no result for {describe(order)}"
                refused = [r for r in results if _refused(r)]
                if id(order) in deliberate:
                    assert refused, f"{record.label}: {describe(order)} was meant to be illegal"
                else:
                    assert not refused, f"{record.label}: {describe(order)}: {refused[0].message}"


def test_one_game_of_two_years_is_legal(standard: Variant) -> None:
    _check_legality(_play(standard, games=1, years=2))


def test_phases_advance(standard: Variant) -> None:
    records = _play(standard, games=1, years=2)
    calendar = standard.rules.calendar
    seasons = [s.code for s in calendar.seasons]

    def key(record: PhaseRecord) -> tuple[int, int, int]:
        phase = record.position.phase
        season = calendar.season(phase.season)
        return phase.year, seasons.index(phase.season), season.kinds.index(phase.kind)

    keys = [key(r) for r in records]
    assert keys == sorted(set(keys)), "phases repeat or go backwards"
    assert str(records[0].position.phase) == "S1901M"
    assert records[-1].position.phase.year == 1902
    for before, after in itertools.pairwise(records):
        assert before.result.position == after.position, "a phase did not start from the last"


def test_same_seed_same_games(standard: Variant) -> None:
    def texts(records: list[PhaseRecord]) -> list[str]:
        return [describe(o) for r in records for os in r.orders.values() for o in os]

    assert texts(_play(standard, 1, 2)) == texts(_play(standard, 1, 2))


def test_a_longer_run_retreats_builds_and_convoys(standard: Variant) -> None:
    records = _play(standard, games=3, years=6)
    _check_legality(records)
    assert any(r.illegal for r in records), "no deliberately illegal order was tried"
    succeeded = Counter(type(r.order).__name__ for rec in records for r in rec.result.results
                        if r.outcome == Outcome.SUCCEEDS and r.order is not None)
    assert succeeded[Retreat.__name__] > 0, "no retreat happened"
    assert succeeded[Build.__name__] > 0, "no build happened"
    assert any(r.position.phase.kind == "A" and any(n < 0 for n in _counts(standard, r))
               for r in records), "no power ever had to remove a unit"
    chains = Counter((rec.label, o.target) for rec in records for os in rec.orders.values()
                     for o in os if isinstance(o, Convoy))
    assert max(chains.values(), default=0) >= 2, "no convoy through two fleets"
    assert any(len(r.position.units) >= 28 for r in records), "the board never filled up"


def _counts(v: Variant, record: PhaseRecord) -> list[int]:
    return list(adjustment_counts(v.rules, record.position).values())
