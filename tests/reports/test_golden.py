"""Golden files: every report kind for every kind of viewer, on the standard map.

UPDATE_GOLDEN=1 rewrites the files; read every rewritten file before keeping it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from judge.engine.turn import TurnResult
from judge.engine.visibility import Viewer
from judge.reports import render_report
from tests.reports import scenarios

GOLDEN = Path(__file__).parent / "golden"
DEADLINE = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)

TURNS: dict[str, Callable[[], TurnResult]] = {
    "spring_movement": scenarios.spring,
    "spring_retreat": scenarios.retreat,
    "fall_movement": scenarios.fall,
    "winter_adjustment": scenarios.winter,
    "fall_victory": scenarios.victory,
}
VIEWERS = {
    "player": Viewer.player("FRANCE"),
    "observer": Viewer.observer(),
    "master": Viewer.master(),
}


@pytest.mark.parametrize("viewer", sorted(VIEWERS))
@pytest.mark.parametrize("turn", sorted(TURNS))
def test_report_matches_golden_file(turn: str, viewer: str) -> None:
    text = render_report(scenarios.standard(), TURNS[turn](), VIEWERS[viewer],
                         deadline=DEADLINE, zone="Europe/London")
    path = GOLDEN / f"{turn}.{viewer}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")

