"""The game layer asks the variant, not the folder or the phase kind: a phase that runs
without orders owes nothing, a variant phase owes what its handler says, and the powers
are dealt by the variant's `allocate` hook when it has one (issue #12, item 6)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from judge.engine.orders import Order
from judge.engine.position import Position
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import MOVEMENT, Phase
from judge.game.allocation import assign_powers
from judge.game.owed import missing
from judge.store.models import Seat
from judge.variant import Variant
from judge.variant_loader import load_variant

STANDARD = load_variant("standard")


class _Standing(WrappedPhase):
    """Algernon's kind of phase: adjudicated from standing orders, waiting for nobody."""

    def runs_without_orders(self, rules: Rules, position: Position) -> bool:
        return True


def _with_handler(kind: str, handler: PhaseHandler) -> Variant:
    rules = STANDARD.rules
    return replace(STANDARD, rules=replace(rules, handlers={**rules.handlers, kind: handler}))


def test_a_phase_that_runs_without_orders_owes_nothing() -> None:
    start = STANDARD.start
    assert "A Paris" in missing(STANDARD, start, "FRANCE", {})
    standing = _with_handler(MOVEMENT, _Standing(STANDARD.rules.handlers[MOVEMENT]))
    assert missing(standing, start, "FRANCE", {}) == ()


class _Tithe(PhaseHandler):
    def owed(self, rules: Rules, position: Position, power: str,
             orders: Sequence[Order]) -> tuple[str, ...]:
        return (f"a tithe from {power.title()}",)

    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        return PhaseOutcome((), position)


def test_a_variant_phase_owes_what_its_handler_says() -> None:
    variant = _with_handler("T", _Tithe())
    position = STANDARD.start.with_phase(Phase.parse("W1900T"))
    assert missing(variant, position, "FRANCE", {}) == ("a tithe from France",)


def _seats(*preferences: list[str]) -> list[Seat]:
    return [Seat(id=i, preferences=p) for i, p in enumerate(preferences, 1)]


def test_the_variant_s_allocate_hook_deals_the_powers() -> None:
    asked: list[Mapping[str, Sequence[str]]] = []

    def backwards(wishes: Mapping[str, Sequence[str]], rng: random.Random,
                  powers: Sequence[str]) -> dict[str, str]:
        asked.append(wishes)
        return {seat: list(ranked)[-1] for seat, ranked in wishes.items()}

    seats = _seats(["FRANCE"], ["TURKEY", "RUSSIA"])
    assign_powers(seats, replace(STANDARD, allocate=backwards), random.Random(1))
    # Each list completed in the variant's order before the hook sees it.
    assert asked[0]["1"][:2] == ["FRANCE", "AUSTRIA"] and len(asked[0]["1"]) == 7
    assert [s.power for s in seats] == ["TURKEY", "ITALY"]


def test_without_the_hook_the_classic_deal_gives_first_choices() -> None:
    seats = _seats(["FRANCE"], ["TURKEY", "RUSSIA"])
    assign_powers(seats, STANDARD, random.Random(1))
    assert [s.power for s in seats] == ["FRANCE", "TURKEY"]


def test_envoy_deals_by_its_rule_2_hook() -> None:
    assert load_variant("envoy").allocate is not None and STANDARD.allocate is None
