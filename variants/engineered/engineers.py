"""rn45 C2-C6: engineers (E) and prisons (P) on a layer of their own, beside the military
units. Orders and events: orders.py; their lines: reader.py; the movement: movement.py and
transport.py; the end of a season: season.py."""

from __future__ import annotations

from dataclasses import replace

from judge.engine.types import ADJUSTMENT, MOVEMENT
from judge.variant import Variant

from .builds import EngineeredAdjustments
from .movement import EngineeredMovement
from .orders import EVENTS, ORDERS
from .reader import engineered_reader
from .report import SECTIONS
from .season import engineers_season_end


def wire(variant: Variant) -> Variant:
    rules = variant.rules
    registry = rules.registry.with_orders(*ORDERS).with_events(*EVENTS)
    handlers = {**rules.handlers, ADJUSTMENT: EngineeredAdjustments(variant.options),
                MOVEMENT: EngineeredMovement(rules.handlers[MOVEMENT], variant.start.phase)}
    rules = replace(rules, registry=registry, handlers=handlers,
                    season_end=engineers_season_end(rules.season_end))
    return replace(variant, rules=rules, reader=engineered_reader(variant.reader),
                   sections=(*variant.sections, *SECTIONS))
