"""rn45 C2-C6: engineers (E) and prisons (P) on a layer of their own, beside the military
units. Orders and events: orders.py; the reading of their lines: reader.py."""

from __future__ import annotations

from dataclasses import replace

from judge.variant import Variant

from .orders import EVENTS, ORDERS
from .reader import engineered_reader


def wire(variant: Variant) -> Variant:
    rules = variant.rules
    registry = rules.registry.with_orders(*ORDERS).with_events(*EVENTS)
    return replace(variant, rules=replace(rules, registry=registry),
                   reader=engineered_reader(variant.reader))
