"""Every order line of the DATC cases (tests/datc/6*.toml), in the DATC's own wording, parses.

As a sanity check the parsed order must name a unit that is on the board of its phase (the
board is the phase's `units`, or for a later phase what the phase before it started with,
left and dislodged); a build must name a supply centre.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from judge.engine.orders import Build, Order, Waive
from judge.engine.types import province_of
from judge.grammar import Grammar
from judge.variant_loader import load_variant

DATC = Path(__file__).resolve().parent.parent / "datc"
# Lines that name a unit not on the board on purpose (the DATC tests the judge ignores it).
NO_UNIT = {"6.J.1-FRANCE-0"}  # "Remove F Gulf of Lyon": France has no fleet there


def _board(units: Mapping[str, list[str]]) -> dict[str, str]:
    """Province -> unit kind code, for every unit of every power."""
    return {province_of(u.split()[1]): u.split()[0] for us in units.values() for u in us}


def _boards(case: Mapping[str, Any]) -> Iterator[tuple[Mapping[str, Any], dict[str, str]]]:
    board: dict[str, str] = {}
    for phase in case["phase"]:
        if "units" in phase:
            board = _board(phase["units"])
        yield phase, board
        later = dict(board)
        later.update(_board(phase.get("units_after", {})))
        later.update(_board({"": phase.get("dislodged", [])}))
        board = later


def _lines() -> Iterator[Any]:
    for path in sorted(DATC.glob("6*.toml")):
        with open(path, "rb") as f:
            cases = tomllib.load(f)["case"]
        for case in cases:
            for phase, board in _boards(case):
                for power, orders in phase.get("orders", {}).items():
                    for n, line in enumerate(orders):
                        text = line.split(" => ")[0]
                        name = f"{case['id']}-{power}-{n}"
                        yield pytest.param(text, phase["phase"][-1], board, phase,
                                           name in NO_UNIT, id=name)


LINES = list(_lines())


@pytest.fixture(scope="module")
def grammar() -> Grammar:
    return Grammar.for_variant(load_variant("standard"))


def test_the_datc_has_hundreds_of_order_lines() -> None:
    assert len(LINES) > 700


@pytest.mark.parametrize(("text", "phase_kind", "board", "phase", "no_unit"), LINES)
def test_datc_order_parses(grammar: Grammar, text: str, phase_kind: str, board: dict[str, str],
                           phase: Mapping[str, Any], no_unit: bool) -> None:
    order: Order = grammar.parse(text, phase_kind)
    assert not isinstance(order, Waive)
    prov = province_of(order.loc)
    if isinstance(order, Build):
        centres = {c for cs in phase.get("centres", {}).values() for c in cs}
        assert prov in centres | load_variant("standard").rules.geo.supply_centres
        return
    if no_unit:
        assert prov not in board
        return
    assert prov in board, f"{text!r}: no unit in {prov} on the board {sorted(board)}"
    assert order.kind in (None, board[prov]), f"{text!r}: the unit in {prov} is {board[prov]}"
