"""bench/adjudication.py's side-by-side figures (roundtrip.side_by_side): MILA, ours
interpreted and ours compiled on the same movement phases, and the 10x verdict a script
reads from --json."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import roundtrip


def _row(mila: int, interpreted: int, compiled: int | None, kind: str = "M") -> dict[str, Any]:
    row: dict[str, Any] = {"kind": kind, "peer_ns": mila, "jsonl_ns": interpreted}
    if compiled is not None:
        row["compiled_ns"] = compiled
    return row


def test_medians_ratios_and_the_goal() -> None:
    rows = [_row(2000, 400, 100), _row(3000, 500, 400), _row(1000, 200, 50)]
    got = roundtrip.side_by_side(rows)
    assert got["phases"] == 3 and got["goal"] == 10.0 and got["mila_us"] == 2.0
    # Interpreted: 5x, 6x and 5x; 6000 / 1100 = 5.5x of sums.
    assert got["interpreted"] == {"us": 0.4, "ratio_of_sums": 6000 / 1100, "median_ratio": 5.0,
                                  "meets_goal": False}
    # Compiled: 20x, 7.5x and 20x; 6000 / 550 = 10.9x of sums.
    assert got["compiled"] == {"us": 0.1, "ratio_of_sums": 6000 / 550, "median_ratio": 20.0,
                               "meets_goal": True}


def test_the_goal_needs_both_ratios_and_only_phases_timed_all_three_ways() -> None:
    # 20x, 20x and 5x: the median is 20x, but 33000 / 6150 = 5.4x of sums.
    rows = [_row(2000, 400, 100), _row(1000, 200, 50), _row(30000, 3000, 6000),
            _row(9000, 100, None), {"kind": "A", "jsonl_ns": 10, "compiled_ns": 1}]
    got = roundtrip.side_by_side(rows)
    assert got["phases"] == 3
    assert got["compiled"]["median_ratio"] == 20.0
    assert got["compiled"]["ratio_of_sums"] == pytest.approx(33000 / 6150)
    assert got["compiled"]["meets_goal"] is False


def test_without_the_compiled_copy_only_the_interpreted_figures() -> None:
    got = roundtrip.side_by_side([_row(2000, 100, None), _row(4000, 200, None)])
    assert got["interpreted"]["meets_goal"] is True and "compiled" not in got
    assert roundtrip.side_by_side([{"kind": "M", "jsonl_ns": 100}]) == {}
