"""Hugh's Engineered Diplomacy (rn45): the registration point of its hooks.

Each part of the rules wires itself into the game's variant in one line of WIRINGS, run in
order, each on what the previous left: a wiring that replaces the standard movement (the
fighters' resolver, C7) comes before the engineers', which wrap whatever movement handler
they find and take their own orders out before calling it. The players' page is
docs/variants/engineered.md; the rules shared/rules/engineered-rn45.txt.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from judge.engine.geo import MapError
from judge.engine.types import Unit
from judge.variant import Variant

from . import decoys_wiring, engineers, fighters_phase, madman, maps, neutral, startup, survival
from .decoys import is_decoy, plain
from .options import refusal

Wiring = Callable[[Variant], Variant]

# A phase reads the game's options (level, engineer_ratio, ...) with options.options_at,
# which also finds those `judge adjudicate` is given in its request's "state"; the options
# wired when the variant is built (decoys, survival, prize) `judge adjudicate` reads from
# there too (REQUEST_OPTIONS, judge/variant_hooks.py). `map` is not one: a request gives a
# game's own map as its "map" (docs/adjudicate.md).
REQUEST_OPTIONS = ("level", "engineer_ratio", "engineer_centres", "decoys", "decoy_beside",
                   "simple_fighter_builds",
                   "survival", "survival_players", "prize")
WIRINGS: tuple[Wiring, ...] = (
    maps.wire,         # A, C0: a win is more than half the map's centres (18 on standard)
    startup.wire,      # C1: Russia's build centres (the start units are in variant.toml)
    fighters_phase.wire,  # C7, C8: the fighters' resolver and damage (complex level)
    engineers.wire,    # C2-C6: engineers and prisons, their orders, reader and events
    decoys_wiring.wire,  # C2 2b, C8: decoys (option decoys), around the engineers' Winter
    neutral.wire,      # D1: the Neutral country (complex and advanced levels)
    madman.wire,       # D2, D3: madmen and the bids for their units' orders
    survival.wire,     # F: the survival game (advanced level, optional)
)


def make_map(options: Mapping[str, Any], seed: int) -> dict[str, Any] | None:
    """The game's map (rn45 A: the option `map`, maps.py), made when a game is created,
    which is where options that make no game are refused, with the reason."""
    refused = refusal(options)
    if refused is not None:
        raise MapError(refused)
    return maps.make_map(options, seed)


def may_share(first: Unit, second: Unit) -> bool:
    """A decoy beside the unit it copies (rn45 C2 2b: made there in a Winter, C8 8b: by
    itself by the end of the Spring), which `judge adjudicate` takes as a game has them."""
    return is_decoy(first) != is_decoy(second) and plain(first) == plain(second)


def customise(variant: Variant) -> Variant:
    for wire in WIRINGS:
        variant = wire(variant)
    return variant

