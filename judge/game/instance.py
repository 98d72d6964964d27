"""A game's own variant: built from the variant's name and what the game stores with it
(its options, its seed, and the map when the variant makes one per game), and kept.

Two games of a variant share nothing but the folder: each has its own Rules object,
customised with its own options and seed, and its own Geography when it has its own map
(issue #12, item 3). Building one reads the folder and runs the variant's hooks, so the
last few are kept (a Variant also carries the grammar's lookup tables, built once each).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from judge.engine.rulebook import Rulebook
from judge.variant import Variant, with_rulebook
from judge.variant_loader import load_variant, load_variant_folder
from judge.variant_map import map_digest

RULE_CHOICES = frozenset(f.name for f in fields(Rulebook))
# Games whose variant is kept at once: enough for every game a worker is busy with.
INSTANCES_KEPT = 64
# Games of variants without hooks kept at once: each is a few fields on one shared build.
SEEDED_KEPT = 4096


@dataclass(frozen=True)
class _World:
    """A game's map as a cache key: equal when the digests are."""

    digest: str
    data: Mapping[str, Any] = field(compare=False, hash=False, repr=False)


def variant_instance(name: str, options: Mapping[str, Any], seed: int,
                     world: Mapping[str, Any] | None = None) -> Variant:
    """The variant `name` as one game plays it: its rule choices and `[options]` from
    `options`, its `seed`, and its own map `world` (None: the folder's)."""
    key = None if world is None else _World(map_digest(world), world)
    # The folder, not the name, is kept: JUDGE_VARIANTS may put another folder first.
    folder = load_variant(name.lower()).folder
    options_json = json.dumps(dict(options), sort_keys=True)
    if key is None and not _has_hooks(folder):
        return _seeded(folder, options_json, seed)
    return _instance(folder, options_json, seed, key)


@cache
def _has_hooks(folder: Path) -> bool:
    # Asked for every game's variant, several times an order message (issue #18); the
    # folder was read once and for all by load_variant, its hooks with it.
    return (folder / "rules.py").is_file()


@lru_cache(maxsize=SEEDED_KEPT)
def _seeded(folder: Path, options_json: str, seed: int) -> Variant:
    """A game of a variant without hooks: only hooks read the seed, so its rules and map
    are the one build of the folder and options, with the game's seed set on it (a
    thousand standard games due at one deadline rebuilt the map for each game, 64 being
    kept; issue #18)."""
    return replace(_instance(folder, options_json, 0, None), seed=seed)


@lru_cache(maxsize=INSTANCES_KEPT)
def _instance(folder: Path, options_json: str, seed: int, world: _World | None) -> Variant:
    options: dict[str, Any] = json.loads(options_json)
    variant = load_variant_folder(folder, options, seed, None if world is None else world.data)
    choices = {k: v for k, v in options.items() if k in RULE_CHOICES}
    return with_rulebook(variant, **choices) if choices else variant
