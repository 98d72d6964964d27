"""1885-III's Army/Fleets, fast ferries and the High Ocean Box (rules l.29-74, 98-106),
for any map whose variant.toml has an `AF` unit kind: `install(variant)`.

docs/variants/1885-iii.md says how each order is written and which reading was chosen.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.types import MOVEMENT, RETREAT
from judge.variant import Variant

from .movement import ArmyFleetMovement
from .orders import DISEMBARK, EMBARK
from .plain import landing_moves
from .reading import ArmyFleetReader
from .resolve import Readings
from .retreats import ArmyFleetRetreats

__all__ = ["install"]


def install(variant: Variant) -> Variant:
    """The variant with the A/F orders, their reading and their movement phase."""
    rules, options = variant.rules, variant.options
    readings = Readings(on_arrival=options.get("landing_ahead") == "on_arrival",
                        box_supports_any=options.get("box_supports") == "any",
                        box_entry_cuts=options.get("box_entry") == "cuts",
                        box_side=options.get("box_support_from") == "box_side",
                        ferry_aboard=options.get("ferry_bounce") == "aboard")
    registry = rules.registry.with_orders(EMBARK, DISEMBARK)
    registry = registry.with_orders(landing_moves(registry, rules))
    handlers = {**rules.handlers, MOVEMENT: ArmyFleetMovement(readings),
                RETREAT: ArmyFleetRetreats(rules.handlers[RETREAT])}
    rules = replace(rules, registry=registry, handlers=handlers)
    return replace(variant, rules=rules, reader=ArmyFleetReader)
