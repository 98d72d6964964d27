"""The phase-handler contract (issue #12, item 6): one base class whose defaults are a
phase that waits for orders, which the turn and the game layer call without asking what a
handler can do."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from judge.engine.adjustments import AdjustmentPhase, adjustment_counts
from judge.engine.orders import Hold, Order
from judge.engine.position import Position
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import ADJUSTMENT, Phase, Unit
from judge.variant_loader import load_variant

RULES = load_variant("standard").rules
START = load_variant("standard").start


class _Bare(PhaseHandler):
    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        return PhaseOutcome((), position)


def test_a_handler_that_only_adjudicates_gets_the_defaults() -> None:
    bare = _Bare()
    army = Unit("FRANCE", "A", "par")
    assert bare.needed(RULES, START) is True
    assert bare.runs_without_orders(RULES, START) is False
    assert bare.upkeep(RULES, army) == 1
    # Complete once any order is in, so the turn never runs before everyone has written.
    assert bare.owed(RULES, START, "FRANCE", []) == ("orders (none sent yet)",)
    assert bare.owed(RULES, START, "FRANCE", [Hold("par")]) == ()


def test_a_handler_must_adjudicate() -> None:
    class _Nothing(PhaseHandler):
        pass

    with pytest.raises(TypeError, match="adjudicate"):
        _Nothing()  # type: ignore[abstract]


class _Costly(_Bare):
    def needed(self, rules: Rules, position: Position) -> bool:
        return False

    def owed(self, rules: Rules, position: Position, power: str,
             orders: Sequence[Order]) -> tuple[str, ...]:
        return ("a sacrifice",)

    def runs_without_orders(self, rules: Rules, position: Position) -> bool:
        return True

    def upkeep(self, rules: Rules, unit: Unit) -> int:
        return 2


def test_a_wrapper_answers_as_the_handler_it_wraps() -> None:
    wrapped = WrappedPhase(_Costly())
    assert wrapped.needed(RULES, START) is False
    assert wrapped.owed(RULES, START, "FRANCE", []) == ("a sacrifice",)
    assert wrapped.runs_without_orders(RULES, START) is True
    assert wrapped.upkeep(RULES, Unit("FRANCE", "A", "par")) == 2


class _FleetsCostTwo(AdjustmentPhase):
    """Global Diplomacy's kind of upkeep: a fleet takes two points of supply."""

    def upkeep(self, rules: Rules, unit: Unit) -> int:
        return 2 if unit.kind == "F" else 1


def test_the_adjustment_handler_s_upkeep_sets_what_is_owed() -> None:
    winter = START.with_phase(Phase.parse("W1901A"))
    # At the start every power has as many units as centres: nothing is owed.
    assert adjustment_counts(RULES, winter) == {}
    rules = replace(RULES, handlers={**RULES.handlers, ADJUSTMENT: _FleetsCostTwo()})
    # Each fleet costs one more: Russia and England have two fleets, the others one.
    assert adjustment_counts(rules, winter) == {
        "AUSTRIA": -1, "ENGLAND": -2, "FRANCE": -1, "GERMANY": -1, "ITALY": -1,
        "RUSSIA": -2, "TURKEY": -1}


def test_phase_names_come_from_the_variant_data() -> None:
    standard = load_variant("standard").rules.calendar
    envoy = load_variant("envoy").rules.calendar
    placement = Phase.parse("W1913P")
    assert envoy.describe(placement) == "Winter 1913 Placement"  # envoy's [phase_names]
    assert standard.describe(placement) == "Winter 1913 P"  # the standard game has none
    assert standard.describe(Phase.parse("F1901R")) == "Fall 1901 Retreats"
    assert envoy.describe(Phase.parse("W1914A")) == "Winter 1914 Adjustments"
