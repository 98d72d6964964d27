"""rn45 C1, the start-up on the standard map: Russia has three build centres and St
Petersburg as a supply centre only (1b). The start units (1b, 1c, and 1d's navy, which
Austria may take as an army: movement.py) are in variant.toml."""

from __future__ import annotations

from dataclasses import replace

from judge.variant import Variant

from .start_notice import start_words

# C1 1b: the standard map's Russian home that is a supply centre only.
SUPPLY_ONLY = ("RUSSIA", "stp")


def wire(variant: Variant) -> Variant:
    variant = replace(variant, start_words=start_words)  # 1a (any map), 1d
    if variant.world is not None:
        return variant  # another map (rn45 A, maps.py): C1's changes are the standard map's
    power, centre = SUPPLY_ONLY
    homes = variant.rules.homes
    if centre not in homes.get(power, frozenset()):
        return variant  # another map (rn45 A): C1's changes are the standard map's
    homes = {**homes, power: homes[power] - {centre}}
    return replace(variant, rules=replace(variant.rules, homes=homes))
