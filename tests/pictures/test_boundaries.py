"""judge/pictures sits in the reports layer: it reads the engine and the variant (and names
the attachment value its files are mailed as), never the
game, mail, commands or store."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PICTURES = Path(__file__).resolve().parents[2] / "judge" / "pictures"
ALLOWED = ("judge.engine", "judge.variant", "judge.pictures", "judge.attachment")
CONVERTERS = {"cairosvg", "PIL"}


def test_pictures_import_only_the_engine_the_variant_and_the_converter() -> None:
    for path in sorted(PICTURES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
            for name in names:
                top = name.split(".")[0]
                ok = name.startswith(ALLOWED) or top in sys.stdlib_module_names \
                    or top in CONVERTERS
                assert ok, f"{path.name} imports {name}"
