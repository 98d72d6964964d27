"""Imports point inward: the engine uses only the standard library and itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "judge"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_engine_imports_only_the_standard_library_and_itself() -> None:
    for path in sorted((ROOT / "engine").glob("*.py")):
        for name in _imports(path):
            top = name.split(".")[0]
            ok = name.startswith("judge.engine") or top in sys.stdlib_module_names
            assert ok, f"{path.name} imports {name}"


def test_grammar_does_not_reach_outward() -> None:
    for path in sorted((ROOT / "grammar").glob("*.py")):
        for name in _imports(path):
            assert not name.startswith(("judge.store", "judge.mail", "judge.game",
                                        "judge.reports")), f"{path.name} imports {name}"
