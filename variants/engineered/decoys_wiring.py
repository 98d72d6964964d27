"""Wires decoys (rn45 C2 2b, C8) into an Engineered game that has them: their event and the
visibility that keeps which unit is a decoy from every seat but its owner's."""

from __future__ import annotations

from dataclasses import replace

from judge.variant import Variant

from .decoys import DECOY_DISBANDED, DecoyVisibility
from .decoys_report import SECTION


def wire_decoys(variant: Variant) -> Variant:
    rules = variant.rules
    rules = replace(rules, registry=rules.registry.with_events(DECOY_DISBANDED),
                    visibility=DecoyVisibility(rules.visibility))
    return replace(variant, rules=rules, sections=(*variant.sections, SECTION))
