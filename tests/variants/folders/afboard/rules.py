"""The regular board with 1885-III's Army/Fleets: the same package as variants/1885 uses,
loaded from there as a subpackage of this folder's."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from judge.variant import Variant

_PACKAGE = Path(__file__).resolve().parents[4] / "variants" / "1885" / "armyfleet"


def _armyfleet() -> ModuleType:
    name = f"{__package__}.armyfleet"
    spec = importlib.util.spec_from_file_location(
        name, _PACKAGE / "__init__.py", submodule_search_locations=[str(_PACKAGE)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def customise(variant: Variant) -> Variant:
    installed: Variant = _armyfleet().install(variant)
    return installed
