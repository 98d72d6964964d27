"""Imports point inward (docs/architecture.md, "Import rules"): each part of judge/ may
import the standard library, third-party packages, its own layer and the layers inside it,
never a layer outside it. Every import counts, wherever it is written: at the top, inside
a function, or under `if TYPE_CHECKING:` (a type-only import still ties the layers)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "judge"

# The layers of judge/, innermost first: a part may import its own layer and those before it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine", "faults", "attachment"),  # the rules, stdlib only; crash points; a file value
    # a game's rules, its folder read, its hooks and map; order text <-> canonical orders
    ("variant", "variant_loader", "variant_hooks", "variant_map", "grammar"),
    ("store",),  # the only package that runs SQL
    ("config",),  # settings (the database URL's default comes from the store)
    ("game",),  # use cases: games, seats, orders, turns, deadlines, press, votes
    ("reports", "pictures"),  # what each viewer learns of a turn, written and drawn
    ("turns",),  # a turn's path: woken, due, processed and stored, reported to each seat
    ("commands",),  # what a message's commands do; mail runs them, they use game/reports
    ("mail",),  # mail in and out
    # the composition root; `judge adjudicate`'s JSON face and its parts
    ("app", "protocol", "protocol_json", "protocol_reply", "protocol_views", "protocol_allocate",
     "protocol_request"),
    ("cli", "serve"),  # the command line; `judge serve`, every part in one process
)
LAYER_OF = {part: depth for depth, parts in enumerate(LAYERS) for part in parts}

# Imports that break the rule today, each going away with work under way on issue #12; the
# coordinator deletes an entry once its import is gone (test_no_stale_exception says when).
# A new outward import fails the test: invert it, or move what it imports inward.
KNOWN_OUTWARD: dict[tuple[str, str], str] = {}


def module_name(path: Path) -> str:
    parts = ("judge", *path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, source: str) -> set[str]:
    """Every judge module `source` imports (judge.x for `from judge import x`)."""
    package = module_name(path) if path.name == "__init__.py" else \
        module_name(path).rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(package, node.level, node.module)
            names.add(base)
            if base == "judge":
                names.update(f"judge.{alias.name}" for alias in node.names)
    return {name for name in names if name.split(".")[0] == "judge"}


def _absolute(package: str, level: int, module: str | None) -> str:
    if level == 0:
        return module or ""
    parent = package.split(".")[:len(package.split(".")) - (level - 1)]
    return ".".join([*parent, *([module] if module else [])])


def part_of(module: str) -> str | None:
    """'game' for judge.game.adjudication, 'app' for judge.app; None for the package itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def outward(path: Path, source: str) -> list[tuple[str, str]]:
    """(importer, imported) for each import of `source` that points outward."""
    importer = module_name(path)
    depth = LAYER_OF[part_of(importer) or ""]
    return sorted((importer, name) for name in imported(path, source)
                  if (part := part_of(name)) is not None and LAYER_OF.get(part, -1) > depth)


def _sources() -> list[Path]:
    return [p for p in sorted(ROOT.rglob("*.py")) if p != ROOT / "__init__.py"]


def test_every_part_of_judge_has_a_layer() -> None:
    parts = {part_of(module_name(path)) for path in _sources()}
    missing = sorted(p for p in parts if p is not None and p not in LAYER_OF)
    assert not missing, f"judge/{missing[0]}: put it in one of LAYERS (docs/architecture.md)"


def test_imports_point_inward() -> None:
    broken = [f"{a} imports {b}: {part_of(a)} is layer {LAYER_OF[part_of(a) or '']}, "
              f"{part_of(b)} is layer {LAYER_OF[part_of(b) or '']} (outer); "
              f"{part_of(a)} may import only {_allowed(part_of(a) or '')}"
              for path in _sources() for a, b in outward(path, path.read_text())
              if (a, b) not in KNOWN_OUTWARD]
    assert not broken, "\n".join(broken)


def _allowed(part: str) -> str:
    return ", ".join(p for parts in LAYERS[:LAYER_OF[part] + 1] for p in parts)


def test_no_stale_exception() -> None:
    found = {pair for path in _sources() for pair in outward(path, path.read_text())}
    stale = sorted(set(KNOWN_OUTWARD) - found)
    assert not stale, f"no longer imported, delete from KNOWN_OUTWARD: {stale}"


def test_engine_imports_only_the_standard_library_and_itself() -> None:
    for path in sorted((ROOT / "engine").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level \
                else []
            for name in names:
                ok = name.startswith("judge.engine") or \
                    name.split(".")[0] in sys.stdlib_module_names or \
                    (path.name == "native.py" and name == "mypy_extensions")  # TYPE_CHECKING
                assert ok, f"engine/{path.name} imports {name}: the engine is stdlib only"


GAME = ROOT / "game" / "example.py"


@pytest.mark.parametrize("source", [
    "from judge.reports.views import format_deadline",
    "import judge.mail.inbound.pipeline",
    "from judge import app",
    "from ..commands import items",
    "from ..reports.lines import OrderLine",
    "def f() -> None:\n    from judge.cli import main",
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from judge.serve import Daemon",
])
def test_the_rule_catches_an_outward_import(source: str) -> None:
    assert outward(GAME, source)


@pytest.mark.parametrize("source", [
    "from judge.store import repo",
    "from judge import faults",
    "from . import clock",
    "from .clock import Clock",
    "from judge.engine.types import Unit",
    "import sqlalchemy",
])
def test_the_rule_allows_an_inward_import(source: str) -> None:
    assert outward(GAME, source) == []


def test_a_package_s_own_relative_imports_resolve_inside_it() -> None:
    assert imported(ROOT / "cli" / "__init__.py", "from .entry import main") == \
        {"judge.cli.entry"}


def test_no_two_classes_share_a_name() -> None:
    # Two `Outcome`s and two `OrderLine`s meant different things in different layers; a
    # reader (and an import) could take one for the other (issue #12, "The house").
    where: dict[str, list[str]] = {}
    for path in _sources():
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(module_name(path))
    shared = {name: places for name, places in where.items() if len(places) > 1}
    assert not shared, f"classes of one name in several modules: {shared}"
