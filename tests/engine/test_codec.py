"""Positions, orders and events survive a trip through JSON text unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.codec import (
    event_from_json,
    event_to_json,
    order_from_json,
    order_to_json,
    position_from_json,
    position_to_json,
)
from judge.engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from judge.engine.turn import adjudicate

from .boards import RULES, boards, movement_orders


def _through_text(value: dict[str, Any]) -> dict[str, Any]:
    decoded: dict[str, Any] = json.loads(json.dumps(value))
    return decoded


@pytest.mark.parametrize("order", [
    Hold("par", "A"), Move("lon", "nwy", "A", via_convoy=True, route=("nth",)),
    Support("bur", "par", "pic", "A", "A", "FRANCE"), Support("lon", "wal"),
    Convoy("nth", "lon", "nwy", "F"), Retreat("tri", "alb", "F"), Disband("mun"),
    Build("stp/nc", "F"), Waive(),
])
def test_orders_round_trip(order: Order) -> None:
    assert order_from_json(_through_text(order_to_json(order))) == order


def test_unknown_records_are_refused() -> None:
    with pytest.raises(ValueError, match="not an order"):
        order_from_json({"order": "Teleport"})
    with pytest.raises(ValueError, match="not an event"):
        event_from_json({"event": "earthquake"})


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_turns_round_trip(data: st.DataObject) -> None:
    board = data.draw(boards("F1901M"))
    turn = adjudicate(RULES, board, data.draw(movement_orders(board)))
    for position in (board, turn.position):
        assert position_from_json(_through_text(position_to_json(position))) == position
    for event in turn.events:
        assert event_from_json(_through_text(event_to_json(event))) == event
