"""Every DATC v3.0 case of sections 6.A-6.J, from the data files in tests/datc/."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from judge.engine.orders import Order
from judge.engine.outcome import OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.grammar import Grammar
from judge.variant import Variant
from judge.variant_loader import load_variant

DATC = Path(__file__).resolve().parent.parent / "datc"


def _cases() -> list[Any]:
    out = []
    for path in sorted(DATC.glob("6*.toml")):
        with open(path, "rb") as f:
            for case in tomllib.load(f)["case"]:
                out.append(pytest.param(case, id=case["id"]))
    return out


@pytest.fixture(scope="module")
def standard() -> Variant:
    return load_variant("standard")


@pytest.fixture(scope="module")
def grammar(standard: Variant) -> Grammar:
    return Grammar.for_variant(standard)


def _units(spec: dict[str, list[str]]) -> tuple[Unit, ...]:
    return tuple(Unit(power, kind, loc) for power, units in spec.items()
                 for kind, loc in (text.split() for text in units))


def _start(step: dict[str, Any]) -> Position:
    owners = {c: power for power, cs in step.get("centres", {}).items() for c in cs}
    return Position(Phase.parse(step["phase"]), _units(step["units"]), owners)


def _orders(
    grammar: Grammar, step: dict[str, Any]
) -> tuple[dict[str, list[Order]], dict[int, str]]:
    kind = step["phase"][-1]
    orders: dict[str, list[Order]] = {}
    expected: dict[int, str] = {}
    for power, lines in step.get("orders", {}).items():
        for line in lines:
            text, want = (part.strip() for part in line.split("=>"))
            order = grammar.parse(text, kind)
            orders.setdefault(power, []).append(order)
            expected[id(order)] = want
    return orders, expected


def _check_outcome(result: OrderResult, want: str, where: str) -> None:
    got = result.outcome
    ok = {
        "succeeds": got == Outcome.SUCCEEDS,
        "fails": got != Outcome.SUCCEEDS,
        "illegal": got == Outcome.ILLEGAL,
        "void": got == Outcome.VOID,
        "any": True,
    }[want]
    assert ok, f"{where}: expected {want}, got {got} ({result.reason}: {result.message})"


def _board(units: tuple[Unit, ...]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for u in units:
        out.setdefault(u.power, []).append(str(u))
    return {p: sorted(us) for p, us in out.items()}


def _check_step(step: dict[str, Any], turn: TurnResult, expected: dict[int, str]) -> None:
    seen = set()
    for result in turn.results:
        want = expected.get(id(result.order))
        if want is not None:
            seen.add(id(result.order))
            _check_outcome(result, want, f"{step['phase']} {result.power} {result.order}")
    assert seen == set(expected), "an order got no result"
    if "dislodged" in step:
        got = sorted(str(d.unit) for d in turn.position.dislodged)
        assert got == sorted(step["dislodged"]), "dislodged units"
    if "units_after" in step:
        want_board = {p: sorted(us) for p, us in step["units_after"].items() if us}
        assert _board(turn.position.units) == want_board, "board after the phase"


@pytest.mark.parametrize("case", _cases())
def test_datc(case: dict[str, Any], standard: Variant, grammar: Grammar) -> None:
    position: Position | None = None
    for step in case["phase"]:
        if position is None:
            position = _start(step)
        else:
            assert str(position.phase) == step["phase"], "the phase the engine moved to"
        orders, expected = _orders(grammar, step)
        turn = adjudicate(standard.rules, position, orders)
        _check_step(step, turn, expected)
        position = turn.position
