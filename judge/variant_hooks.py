"""A variant folder's rules.py: its hooks, loaded from the folder (docs/variants.md).

`customise(variant) -> Variant` replaces parts of the rules when the variant is built (for
the folder alone, or for one game with its options and seed); `make_map(options, seed)`
makes the map of one game when it is created (judge/variant_map.py gives its form);
`map_from_text(text, options)` reads the one its master writes, `map_to_text(world)` writes
it for him, and `check_map_edit(old, new, position)` says what an edit after the start
may not change. `REQUEST_OPTIONS`, a tuple of `[options]` keys, names those `judge adjudicate`
reads from its request's "state" to build the variant as a game with them would be built
(none by default: a variant's state keys keep their own meaning); `may_share(first, second)
-> bool` says whether two units of one layer may stand in one province in its games, as a
request may then give them (none by default); `unit_place(kind, loc) -> str` where a
request's unit given at `loc` stands (`loc` by default); `summary_lines(variant, records)` says what
SUMMARY tells a reader beyond the common frame, from his knowledge records (none by default).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from judge.engine.geo import MapError

if TYPE_CHECKING:
    from judge.engine.position import Position
    from judge.engine.types import Unit
    from judge.variant import Variant

_LOADING = threading.Lock()


def apply_hooks(variant: Variant, folder: Path) -> Variant:
    """A variant's rules.py may define `customise(variant) -> Variant` to replace hooks; it
    sees the game's options and seed (`variant.options`, `variant.seed`)."""
    module = rules_module(folder)
    if module is None or not hasattr(module, "customise"):
        return variant
    customised: Variant = module.customise(variant)
    return customised


def request_options(variant: Variant, state: Mapping[str, Any]) -> dict[str, Any]:
    """The options a `judge adjudicate` request's `state` gives the variant: the keys its
    rules.py names in `REQUEST_OPTIONS` that `[options]` declares; none without the hook."""
    module = rules_module(variant.folder)
    keys = getattr(module, "REQUEST_OPTIONS", ())
    return {k: state[k] for k in keys if k in state and k in variant.options}


def may_share(variant: Variant, first: Unit, second: Unit) -> bool:
    """Whether a game of the variant may have `first` and `second`, of one layer, in one
    province (rules.py `may_share(first, second) -> bool`); never without the hook."""
    share = getattr(rules_module(variant.folder), "may_share", None)
    return share is not None and bool(share(first, second))


def unit_place(variant: Variant, kind: str, loc: str) -> str:
    """Where a request's unit of `kind` given at `loc` stands in the variant's games
    (rules.py `unit_place(kind, loc) -> str`: Envoy's diplomat on a home province stands
    in its country, 5.ii); `loc` itself without the hook."""
    place = getattr(rules_module(variant.folder), "unit_place", None)
    return loc if place is None else str(place(kind, loc))


def summary_lines(variant: Variant, records: Sequence[Mapping[str, Any] | None]) -> list[str]:
    """What SUMMARY tells a reader of a game of the variant beyond the players and the
    centre table, from the knowledge record he kept with each processed turn, in play order
    (None: no record for that turn), so only what he was told (rules.py
    `summary_lines(variant, records) -> Sequence[str]`); nothing without the hook."""
    write = getattr(rules_module(variant.folder), "summary_lines", None)
    return [] if write is None else [str(line) for line in write(variant, records)]


def make_game_map(variant: Variant, options: Mapping[str, Any], seed: int
                  ) -> dict[str, Any] | None:
    """The map a variant makes for one game at its creation: rules.py's
    `make_map(options, seed) -> dict | None` (variant_map.py gives the form), with the
    variant's `[options]` as this game chose them; None when the variant has no such hook
    or plays on its folder's map."""
    module = rules_module(variant.folder)
    make = getattr(module, "make_map", None)
    if make is None:
        return None
    chosen = {k: v for k, v in options.items() if k in variant.options}
    world: dict[str, Any] | None = make({**variant.options, **chosen}, seed)
    return world


def read_game_map(variant: Variant, text: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The map a master writes for his game: rules.py's `map_from_text(text, options) ->
    dict` (variant_map.py's form), which raises MapError listing what is wrong."""
    module = rules_module(variant.folder)
    read = getattr(module, "map_from_text", None)
    if read is None:
        raise MapError(f"{variant.name} takes no map from its master")
    world: dict[str, Any] = read(text, options)
    return world


def game_map_text(variant: Variant, world: Mapping[str, Any]) -> str | None:
    """The game's map in the form its master writes it (rules.py `map_to_text(world) ->
    str`), for him alone; None when the variant has no such form."""
    write = getattr(rules_module(variant.folder), "map_to_text", None)
    return None if write is None else str(write(world))


def map_edit_problems(variant: Variant, old: Mapping[str, Any], new: Mapping[str, Any],
                      position: Position) -> list[str] | None:
    """What keeps a started game's map from becoming `new` on the board `position`
    (rules.py `check_map_edit(old, new, position) -> list[str]`, [] when nothing does);
    None when the variant takes no edit once the game has started."""
    check = getattr(rules_module(variant.folder), "check_map_edit", None)
    return None if check is None else list(check(old, new, position))


def rules_module(folder: Path) -> ModuleType | None:
    path = folder / "rules.py"
    if not path.is_file():
        return None
    # Games build their variants as they are touched, from the worker and the deadline
    # sweeper alike: one loads a folder at a time, or one would drop the other's modules.
    with _LOADING:
        return _load_package(folder, path)


def _load_package(folder: Path, path: Path) -> ModuleType:
    # The folder is loaded as a package, fresh each time, so that rules.py may import its
    # sibling modules (`from .control import ...`) and a second folder of the same name
    # never sees the first one's modules.
    package = f"judge_variant_{folder.name}"
    for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
        del sys.modules[name]
    parent = importlib.machinery.ModuleSpec(package, None, is_package=True)
    parent.submodule_search_locations = [str(folder)]
    sys.modules[package] = importlib.util.module_from_spec(parent)
    spec = importlib.util.spec_from_file_location(f"{package}.rules", path)
    if spec is None or spec.loader is None:
        raise MapError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
