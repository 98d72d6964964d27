"""The view model and the notation, checked on real adjudications."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from judge.engine.visibility import Viewer
from judge.game.clock import format_deadline
from judge.reports import build_view
from tests.reports import scenarios


def _tags(view_orders: object) -> dict[str, str]:
    assert isinstance(view_orders, tuple)
    return {line.text: line.tag for block in view_orders for line in block.orders}


def test_spring_orders_carry_their_classic_tags() -> None:
    view = build_view(scenarios.standard(), scenarios.spring(), Viewer.observer())
    tags = _tags(view.orders)
    assert tags["A Paris -> Burgundy."] == "(*bounce*)"
    assert tags["A Tyrolia SUPPORT A Venice -> Trieste."] == "(*cut*)"
    assert tags["F Holland HOLD."] == "(*dislodged*)"
    assert tags["A Marseilles SUPPORT A Paris -> Gascony."] == "(*void*)"
    assert tags["F Edinburgh -> Liverpool."].startswith("(*illegal: ")
    assert tags["A Belgium -> Holland."] == ""


def test_dislodged_units_list_retreats_or_destruction() -> None:
    view = build_view(scenarios.standard(), scenarios.spring(), Viewer.observer())
    retreats = {d.unit: d.retreats for d in view.dislodged}
    assert retreats == {"F Holland": ("Helgoland Bight", "Kiel"), "A Sevastopol": ()}
    assert view.centres == () and view.adjustments == ()


def test_fall_counts_centres_changes_and_adjustments() -> None:
    view = build_view(scenarios.standard(), scenarios.fall(), Viewer.observer())
    counts = {c.power: c.count for c in view.centres}
    assert counts["England"] == 5 and counts["France"] == 2
    assert ("Brest", "France", "England") in {
        (c.centre, c.old_owner, c.new_owner) for c in view.changes}
    assert {a.power: a.count for a in view.adjustments}["Russia"] == -1


def test_victory_names_the_winner_and_no_next_phase() -> None:
    view = build_view(scenarios.standard(), scenarios.victory(), Viewer.observer(),
                      deadline=datetime(2026, 1, 1, tzinfo=UTC))
    assert view.winners == ("France",)
    assert view.next_title is None and view.deadline is None


def test_deadline_is_shown_in_the_recipients_zone() -> None:
    when = datetime(2026, 7, 4, 18, 30, tzinfo=timezone(timedelta(hours=-4)))
    assert format_deadline(when, "Europe/London") == "Sat 04 Jul 2026 23:30 Europe/London"
    assert format_deadline(when, "UTC") == "Sat 04 Jul 2026 22:30 UTC"


def test_a_naive_deadline_is_refused() -> None:
    with pytest.raises(ValueError, match="aware"):
        format_deadline(datetime(2026, 7, 4, 18, 30), "UTC")
