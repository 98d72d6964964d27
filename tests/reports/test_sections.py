"""Sections and template lookup: a variant's sections are written at their slots in the
declared order; its own templates win over the defaults, templates/variants/<name>/ over
its folder's templates/."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from judge.engine.turn import TurnResult
from judge.engine.visibility import Seen, Viewer
from judge.reports import make_environment, render_report, templates_root
from judge.variant import ReportSection, Variant
from tests.reports import scenarios

FRANCE = Viewer.player("FRANCE")


Build = Callable[[Variant, TurnResult, Viewer, Sequence[Seen]], object | None]


def told(text: str | None) -> Build:
    def build(variant: Variant, turn: TurnResult, viewer: Viewer,
              seen: Sequence[Seen]) -> str | None:
        return text
    return build


def pictured(folder: Path, *sections: ReportSection) -> Variant:
    (folder / "templates").mkdir(exist_ok=True)
    (folder / "templates" / "say.j2").write_text("Said: {{ section }}\n\n")
    return replace(scenarios.standard(), name="pictured", folder=folder, sections=sections)


def test_sections_come_at_their_slot_in_declared_order(tmp_path: Path) -> None:
    variant = pictured(tmp_path, ReportSection("after_centres", "say.j2", told("last")),
                       ReportSection("after_heading", "say.j2", told("first")),
                       ReportSection("after_heading", "say.j2", told(None)),
                       ReportSection("after_heading", "say.j2", told("second")))
    text = render_report(variant, scenarios.spring(), FRANCE)
    assert text.startswith("Standard Diplomacy: Spring 1901 Movement\nReport for: France\n\n"
                           "Said: first\n\nSaid: second\n\nAustria:  ")
    # No centres are counted after a Spring: the slot is where they would be, after the
    # dislodged units, before the footer.
    assert ("has no retreat and is destroyed.\n\nSaid: last\n\n"
            "The next phase is Spring 1901 Retreats.\n") in text
    assert text.count("Said:") == 3


def test_an_unknown_slot_is_an_error_naming_the_slots(tmp_path: Path) -> None:
    variant = pictured(tmp_path, ReportSection("footer", "say.j2", told("x")))
    with pytest.raises(ValueError, match="after_heading, after_centres"):
        render_report(variant, scenarios.spring(), FRANCE)


def test_a_variant_s_own_frame_replaces_the_default(tmp_path: Path) -> None:
    variant = pictured(tmp_path)
    (tmp_path / "templates" / "movement.j2").write_text("Our own: {{ view.title }}\n")
    assert render_report(variant, scenarios.spring(), FRANCE) == \
        "Our own: Spring 1901 Movement\n"
    # The other phases keep the defaults.
    assert render_report(variant, scenarios.retreat(), FRANCE).startswith(
        "Standard Diplomacy: Spring 1901 Retreats\nReport for: France\n")


def test_the_templates_folder_wins_over_the_variant_folder(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    variant = pictured(tmp_path / "folder", ReportSection("after_heading", "say.j2", told("x")))
    root = tmp_path / "templates"
    (root / "variants" / "pictured").mkdir(parents=True)
    (root / "reports").symlink_to(templates_root() / "reports")
    (root / "variants" / "pictured" / "say.j2").write_text("Told: {{ section }}\n\n")
    env = make_environment(root, variant)
    assert "\nTold: x\n\n" in render_report(variant, scenarios.spring(), FRANCE, env=env)
    assert "\nSaid: x\n\n" in render_report(variant, scenarios.spring(), FRANCE)
