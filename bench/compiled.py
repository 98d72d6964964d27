"""A copy of this tree with the round trip's hot modules compiled by mypyc, to measure.

Issue #18 asks the JSON round trip of `judge adjudicate` to run ten times faster than
MILA's `process()`; the interpreted round trip has no stage left that is large enough
(bench/README.md, "reader"). This builds the same source, unchanged, with mypyc into a
directory outside the tree, so that bench/adjudication.py can be run on it beside the
interpreted tree:

    .venv/bin/python bench/compiled.py --dest /tmp/judge-compiled
    PYTHONPATH=/tmp/judge-compiled .venv/bin/python bench/adjudication.py --games 20

It is a measurement, not a way to run the judge: the variants whose movement handler
subclasses the engine's resolver (Engineered, Envoy, 1885) cannot load on the copy, since
an interpreted class cannot inherit from a compiled one unless the compiled class allows
it (`mypyc_attr(allow_interpreted_subclasses=True)`). Three hot modules cannot be compiled
as they are: `judge/engine/position.py` (Position subclasses a NamedTuple),
`judge/engine/visibility.py` (a class of its own inheriting a compiled one) and
`judge/engine/rules.py` (compiles, but a dataclass field's forward reference fails at import).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent
# The modules a movement phase's round trip runs through (profiled, bench/README.md),
# less those mypyc refuses as written.
HOT = (
    "judge/protocol.py", "judge/protocol_request.py", "judge/protocol_reply.py",
    "judge/protocol_json.py", "judge/grammar/grammar.py", "judge/grammar/reader.py",
    "judge/engine/board.py", "judge/engine/checks.py", "judge/engine/legality.py",
    "judge/engine/decisions.py", "judge/engine/resolver.py", "judge/engine/convoys.py",
    "judge/engine/movement.py", "judge/engine/turn.py", "judge/engine/centres.py",
    "judge/engine/adjustments.py", "judge/engine/calendar.py", "judge/engine/geo.py",
    "judge/engine/outcome.py", "judge/engine/types.py", "judge/engine/orders.py",
    "judge/engine/retreats.py",
)
# The project's own mypy settings need its pyproject.toml, which setuptools (run by mypyc)
# refuses to read; these are all the compilation needs.
MYPY_CONFIG = """[mypy]
python_version = 3.11
explicit_package_bases = True
ignore_missing_imports = True
"""


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dest", help="directory for the copy (default: a new temporary one)")
    p.add_argument("modules", nargs="*", default=list(HOT),
                   help="modules to compile, as paths in the tree (default: the hot ones)")
    return p.parse_args(argv)


def build(dest: Path, modules: Sequence[str]) -> None:
    """Copies judge/ and variants/ to `dest` and compiles `modules` there."""
    for package in ("judge", "variants"):
        shutil.copytree(TREE / package, dest / package, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (dest / "mypyc.ini").write_text(MYPY_CONFIG)
    mypyc = Path(sys.executable).parent / "mypyc"
    done = subprocess.run([str(mypyc), "--config-file", "mypyc.ini", *modules], cwd=dest,
                          capture_output=True, text=True)
    if done.returncode:
        # mypyc's own errors (a module it cannot compile as written), not the C build's.
        sys.exit("\n".join(line for line in done.stdout.splitlines()
                            if ": error:" in line or ": note:" in line) or done.stderr)


def compiled(dest: Path, modules: Sequence[str]) -> list[str]:
    """The modules whose compiled extension stands beside its source in `dest`."""
    return [m for m in modules
            if list((dest / m).parent.glob(Path(m).stem + ".cpython-*.so"))]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    dest = Path(args.dest or tempfile.mkdtemp(prefix="judge-compiled-")).resolve()
    build(dest, args.modules)
    done = compiled(dest, args.modules)
    print(f"{len(done)} of {len(args.modules)} modules compiled in {dest}")
    print(f"PYTHONPATH={dest} {sys.executable} {TREE / 'bench' / 'adjudication.py'} ...")
    return 0 if len(done) == len(args.modules) else 1


if __name__ == "__main__":
    sys.exit(main())
