"""A variant's own calendar as data: `[[seasons]]` in variant.toml (judge/variant.py
`_calendar`), the platform's hook for 1885-III's months; a folder without it keeps the
standard cycle."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.engine.calendar import STANDARD_CALENDAR
from judge.engine.geo import MapError
from judge.engine.types import Phase
from judge.variant_loader import load_variant_folder

RING = Path(__file__).parent / "folders" / "ring"

SEASONS = '''
[[seasons]]
code = "dry"
name = "Dry season"
kinds = ["M", "R"]

[[seasons]]
code = "WET"
name = "Wet season"
kinds = ["M", "R"]
takes_centres = true

[[seasons]]
code = "WETB"
name = "Wet season"
kinds = ["A"]
'''


def _ring(tmp_path: Path, text: str, *, calendar: str | None = None) -> Path:
    folder = tmp_path / "ring"
    shutil.copytree(RING, folder)
    spec = (folder / "variant.toml").read_text(encoding="utf-8")
    if calendar is None:
        spec = spec.replace('calendar = "standard"\n', "")
    spec = spec.replace('start_phase = "S1901M"', 'start_phase = "DRY1901M"')
    (folder / "variant.toml").write_text(spec + text, encoding="utf-8")
    return folder


def test_seasons_in_variant_toml_are_the_variant_s_cycle(tmp_path: Path) -> None:
    calendar = load_variant_folder(_ring(tmp_path, SEASONS)).rules.calendar
    walk = [Phase.parse("DRY1901M")]
    for _ in range(5):
        walk.append(calendar.following(walk[-1]))
    assert [str(p) for p in walk] == ["DRY1901M", "DRY1901R", "WET1901M", "WET1901R",
                                      "WETB1901A", "DRY1902M"]
    assert calendar.season("WET").takes_centres and not calendar.season("DRY").takes_centres
    assert calendar.describe(Phase.parse("WETB1901A")) == "Wet season 1901 Adjustments"


def test_a_folder_without_seasons_keeps_the_standard_cycle() -> None:
    assert load_variant_folder(RING).rules.calendar == STANDARD_CALENDAR


def test_seasons_with_another_named_calendar_are_refused(tmp_path: Path) -> None:
    with pytest.raises(MapError, match=r"\[\[seasons\]\] is its own calendar"):
        load_variant_folder(_ring(tmp_path, SEASONS, calendar="standard"))
