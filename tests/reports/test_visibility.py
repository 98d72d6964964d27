"""Hidden orders are absent from the projection, so absent from the report: no text filter."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from judge.engine.outcome import Event, OrderResult
from judge.engine.position import Position
from judge.engine.visibility import Role, Viewer
from judge.reports import render_report
from judge.variant import Variant
from tests.reports import scenarios


class SecretTurkey:
    """A stub visibility: Turkey's orders are seen by Turkey and the master only."""

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        if viewer.role == Role.MASTER or viewer.power == "TURKEY":
            return tuple(events)
        return tuple(e for e in events
                     if not (isinstance(e, OrderResult) and e.power == "TURKEY"))

    def board(self, position: Position, viewer: Viewer) -> Position:
        return position


def _secret_variant() -> Variant:
    base = scenarios.standard()
    rules = dataclasses.replace(base.rules, visibility=SecretTurkey())
    return dataclasses.replace(base, rules=rules)


TURKISH = ("A Armenia -> Sevastopol.", "F Black Sea SUPPORT A Armenia -> Sevastopol.")


def test_hidden_orders_reach_no_other_player() -> None:
    text = render_report(_secret_variant(), scenarios.spring(), Viewer.player("FRANCE"))
    for order in TURKISH:
        assert order not in text
    assert "Turkey:" not in text
    assert "A Paris -> Burgundy. (*bounce*)" in text


def test_observers_do_not_see_them_either() -> None:
    text = render_report(_secret_variant(), scenarios.spring(), Viewer.observer())
    assert not any(order in text for order in TURKISH)


def test_the_master_and_the_owner_see_them() -> None:
    for viewer in (Viewer.master(), Viewer.player("TURKEY")):
        text = render_report(_secret_variant(), scenarios.spring(), viewer)
        for order in TURKISH:
            assert f"Turkey:   {order}" in text
