"""Smoke test of bench/worst_bodies.py: every case builds a message the judge reads, and
the figures come out as a table and as JSON (tiny sizes, no timing asserted)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import worst_bodies

from judge.mail.inbound.message import read_message


@pytest.mark.parametrize("name", list(worst_bodies.CASES))
def test_each_case_is_a_message_from_the_player(name: str) -> None:
    raw = worst_bodies.CASES[name](4096)
    assert read_message(raw).sender == "player@players.example"


def test_the_table_and_the_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "figures.json"
    monkeypatch.setattr(sys, "argv", ["worst_bodies.py", "--sizes", "2K,4K", "--repeat", "1",
                                      "--cases", "quote_pairs,flowed", "--json", str(out)])
    worst_bodies.main()
    assert capsys.readouterr().out.splitlines()[1].startswith("quote_pairs")
    figures = json.loads(out.read_text())
    assert list(figures) == ["quote_pairs", "flowed"]
    assert list(figures["flowed"]) == ["2K", "4K"]
