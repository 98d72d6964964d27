"""The registry of order types: what each type declares, per variant."""

from __future__ import annotations

from judge.engine.counted import CountedMove, counted, uncounted
from judge.engine.orders import Build, Hold, Move, Waive
from judge.engine.standard_types import STANDARD
from judge.variant_loader import available_variants, load_variant

ENVOY = load_variant("envoy").rules
DIPLOMAT = ENVOY.kinds["D"]


def test_every_registered_type_is_legal_in_a_phase_its_variant_has() -> None:
    for name in available_variants():
        rules = load_variant(name).rules
        for order_type in rules.registry.orders.values():
            assert order_type.phases & set(rules.handlers), (name, order_type.name)


def test_registering_a_type_leaves_the_standard_registry_alone() -> None:
    assert CountedMove in ENVOY.registry.orders
    assert CountedMove not in STANDARD.orders
    assert counted(STANDARD, Move("ita", "aus", "D"), 1) is None


def test_a_counted_line_adds_to_a_set_where_a_plain_order_replaces() -> None:
    plain = ENVOY.registry.set_key(Move("ita", "aus", "D"), DIPLOMAT)
    numbered = ENVOY.registry.set_key(CountedMove("ita", "aus", "D", count=1), DIPLOMAT)
    assert (plain.slot, plain.adds) == ("ita/diplomat", False)
    assert (numbered.slot, numbered.adds) == ("ita/diplomat/counted", True)
    # An army's order keys by its province; a waive is always an entry of its own.
    assert STANDARD.set_key(Hold("par", "A"), None).slot == "par"
    assert STANDARD.set_key(Waive(), None).adds
    assert ENVOY.registry.set_key(Build("bel", "D"), DIPLOMAT).adds


def test_a_counted_order_and_its_plain_form() -> None:
    order = counted(ENVOY.registry, Move("ita", "aus", "D"), 2)
    assert order == CountedMove("ita", "aus", "D", count=2)
    assert order is not None
    assert uncounted(ENVOY.registry, order) == Move("ita", "aus", "D")
    assert ENVOY.registry.describe(order) == "2 D ita - aus"
