"""Wires decoys (rn45 C2 2b, C8) into an Engineered game that has them: their orders, event,
reading and report section, the Winter that makes them, and the visibility that keeps
which unit is a decoy from every seat but its owner's."""

from __future__ import annotations

from dataclasses import replace

from judge.engine.types import ADJUSTMENT, RETREAT
from judge.variant import Variant

from .decoys import DECOY_DISBANDED, DECOY_PASSED_ON, DecoyVisibility
from .decoys_orders import DECOY_HOLD, DECOY_MOVE, MAKE_DECOY, NEW_UNIT, decoy_reader
from .decoys_phase import DecoyAdjustments
from .decoys_removal import DecoyRetreats
from .decoys_report import SECTIONS
from .fighters import LEVELS


def wire(variant: Variant) -> Variant:
    """Decoys in a complex game with the option `decoys` (rn45 C2 2b: [Optional]). Wired
    after the engineers, whose Winter (builds.py) the decoys' Winter wraps."""
    options = variant.options
    if not options.get("decoys") or str(options.get("level")) not in LEVELS:
        return variant
    rules = variant.rules
    registry = rules.registry.with_orders(MAKE_DECOY, DECOY_MOVE, DECOY_HOLD, NEW_UNIT) \
        .with_events(DECOY_DISBANDED, DECOY_PASSED_ON)
    handlers = {**rules.handlers, ADJUSTMENT: DecoyAdjustments(rules.handlers[ADJUSTMENT]),
                RETREAT: DecoyRetreats(rules.handlers[RETREAT])}
    rules = replace(rules, registry=registry, handlers=handlers,
                    visibility=DecoyVisibility(rules.visibility))
    return replace(variant, rules=rules, sections=(*variant.sections, *SECTIONS),
                   reader=decoy_reader(variant.reader))
