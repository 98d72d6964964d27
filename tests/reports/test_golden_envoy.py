"""Golden files for Envoy, Secret Envoy (rule 11) and Stab Envoy (rule 12): every phase kind
for every reader of a two-player game: each player, an observer, the master.

The files are the specification of what each reader learns (read against
shared/rules/envoy.txt rules 4, 11 and 12 before keeping them). UPDATE_GOLDEN=1 rewrites
them; read every rewritten file before keeping it. A file that shows a reader something
the rules keep from him is not blessed: its case is in KNOWN_LEAKS, marked xfail.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from judge.engine.turn import TurnResult
from judge.engine.visibility import Viewer
from judge.reports import render_report
from tests.reports import envoy_scenarios as scenarios

GOLDEN = Path(__file__).parent / "golden" / "envoy"

TURNS: dict[str, Callable[[str], TurnResult]] = {
    "w1913_placement": scenarios.placement,
    "s1914_movement": scenarios.spring,
    "s1914_retreat": scenarios.retreat,
    "f1914_movement": scenarios.autumn,
    "f1914_captures": scenarios.captures,
    "w1914_adjustment": scenarios.winter,
}
VIEWERS = {
    "france": Viewer.player("FRANCE"),
    "germany": Viewer.player("GERMANY"),
    "observer": Viewer.observer(),
    "master": Viewer.master(),
}
# (mode, turn, viewer) -> why the report as rendered tells the reader too much. Their
# golden files are written by hand (UPDATE_GOLDEN leaves them alone): what the reader may know.
KNOWN_LEAKS: dict[tuple[str, str, str], str] = {}


def _cases() -> list[object]:
    cases: list[object] = []
    for mode in scenarios.MODES:
        for turn in TURNS:
            for viewer in VIEWERS:
                leak = KNOWN_LEAKS.get((mode, turn, viewer))
                marks = [pytest.mark.xfail(reason=leak, strict=True)] if leak else []
                cases.append(pytest.param(mode, turn, viewer, marks=marks,
                                          id=f"{mode}-{turn}-{viewer}"))
    return cases


@pytest.mark.parametrize("viewer", ["england", *VIEWERS])
@pytest.mark.parametrize("mode", ["secret", "stab"])
def test_three_player_report_matches_golden_file(mode: str, viewer: str) -> None:
    """What a player learns of the other two players' meetings and contacts (12d, 11)."""
    reader = Viewer.player("ENGLAND") if viewer == "england" else VIEWERS[viewer]
    text = render_report(scenarios.envoy(), scenarios.three_players(mode), reader)
    _compare(GOLDEN / mode / f"s1914_three_players.{viewer}.txt", text)


@pytest.mark.parametrize(("mode", "turn", "viewer"), _cases())
def test_envoy_report_matches_golden_file(mode: str, turn: str, viewer: str) -> None:
    text = render_report(scenarios.envoy(), TURNS[turn](mode), VIEWERS[viewer])
    path = GOLDEN / mode / f"{turn}.{viewer}.txt"
    _compare(path, text, rewrite=(mode, turn, viewer) not in KNOWN_LEAKS)


def _compare(path: Path, text: str, rewrite: bool = True) -> None:
    if os.environ.get("UPDATE_GOLDEN") and rewrite:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
