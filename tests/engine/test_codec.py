"""Positions, orders and events survive a trip through JSON text unchanged, for every
order and event type every variant registers (judge/engine/order_types.py)."""

from __future__ import annotations

import dataclasses
import json
import typing
from pathlib import Path
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
from judge.engine.counted import CountedMove
from judge.engine.order_types import Registry
from judge.engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from judge.engine.outcome import Outcome, Reason
from judge.engine.standard_types import STANDARD
from judge.engine.turn import adjudicate
from judge.engine.types import Unit
from judge.variant_loader import available_variants, load_variant, load_variant_folder

from .boards import RULES, boards, movement_orders

TEST_VARIANTS = Path(__file__).resolve().parents[1] / "variants" / "folders"
# Every variant of the judge's, and those defined only in tests/ (the sampler's own order
# and event types among them).
REGISTRIES = {
    **{name: load_variant(name).rules.registry for name in available_variants()},
    **{f"tests/{folder.name}": load_variant_folder(folder).rules.registry
       for folder in sorted(TEST_VARIANTS.iterdir()) if (folder / "variant.toml").is_file()},
}


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
    assert order_from_json(STANDARD, _through_text(order_to_json(STANDARD, order))) == order


def test_unknown_records_are_refused() -> None:
    with pytest.raises(ValueError, match="not an order"):
        order_from_json(STANDARD, {"order": "Teleport"})
    with pytest.raises(ValueError, match="not an event"):
        event_from_json(STANDARD, {"event": "earthquake"})


def test_a_variant_reads_only_the_types_it_registers() -> None:
    """Envoy's numbered order is Envoy's: standard Diplomacy neither writes nor reads it."""
    envoy = REGISTRIES["envoy"]
    order = CountedMove("ita", "aus", "D", count=1)
    stored = _through_text(order_to_json(envoy, order))
    assert stored["order"] == "CountedMove" and stored["count"] == 1
    assert order_from_json(envoy, stored) == order
    with pytest.raises(ValueError, match="not an order"):
        order_from_json(STANDARD, stored)
    with pytest.raises(TypeError, match="not a registered order type"):
        order_to_json(STANDARD, order)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_turns_round_trip(data: st.DataObject) -> None:
    board = data.draw(boards("F1901M"))
    turn = adjudicate(RULES, board, data.draw(movement_orders(board)))
    for position in (board, turn.position):
        assert position_from_json(_through_text(position_to_json(position))) == position
    for event in turn.events:
        assert event_from_json(STANDARD, _through_text(event_to_json(STANDARD, event))) == event


# --- every registered type of every variant ---------------------------------------------

_PLACES = st.sampled_from(["par", "stp/nc", "ita", "nth", "x"])
_TEXT = st.text(max_size=8)
_SCALARS: dict[Any, st.SearchStrategy[Any]] = {
    str: _PLACES, int: st.integers(-5, 40), bool: st.booleans(),
    Unit: st.builds(Unit, st.sampled_from(["FRANCE", "ITALY"]), st.sampled_from("AFD"),
                    _PLACES),
    Outcome: st.sampled_from(Outcome), Reason: st.sampled_from(Reason),
}


def _of(hint: Any, registry: Registry) -> st.SearchStrategy[Any]:
    """Values of a field's type: the fields of orders and events are built of these. A
    field holding an order (a result's) holds any type the variant registers."""
    if hint in _SCALARS:
        return _SCALARS[hint]
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple:
        return st.lists(_of(args[0], registry), max_size=3).map(tuple)
    members = [a for a in args if a is not type(None)]
    none = [st.none()] if len(members) < len(args) else []
    if any(m in STANDARD.orders for m in members):
        orders = st.sampled_from(sorted(registry.orders, key=str)).flatmap(
            lambda cls: _instances(cls, registry))
        return st.one_of(*none, orders)
    if members:
        return st.one_of(*none, *(_of(m, registry) for m in members))
    raise TypeError(f"no strategy for {hint!r}")


def _instances(cls: type, registry: Registry) -> st.SearchStrategy[Any]:
    own = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) \
        else set(typing.cast(Any, cls)._fields)  # a NamedTuple's
    parts = {name: _of(hint, registry) for name, hint in typing.get_type_hints(cls).items()
             if name in own}
    if "text" in parts:
        parts["text"] = _TEXT
    if "message" in parts:
        parts["message"] = _TEXT
    return st.fixed_dictionaries(parts).map(lambda kw: cls(**kw))


@pytest.mark.parametrize("variant", sorted(REGISTRIES))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_every_registered_type_round_trips(variant: str, data: st.DataObject) -> None:
    registry = REGISTRIES[variant]
    for cls in registry.orders:
        order = data.draw(_instances(cls, registry), label=cls.__name__)
        back = order_from_json(registry, _through_text(order_to_json(registry, order)))
        assert back == order and type(back) is cls
    for cls in registry.events:
        event = data.draw(_instances(cls, registry), label=cls.__name__)
        read = event_from_json(registry, _through_text(event_to_json(registry, event)))
        assert read == event and type(read) is cls
