"""A copy of this tree with the order reader's hot modules compiled, for tests and benches.

The compiled build is the opt-in one of setup.py (`JUDGE_COMPILE=1 pip install .`,
docs/deployment.md "The compiled reader"): the same modules (setup.py's HOT), the same
mypyc, but built into a directory outside the tree (`setup.py build_ext --inplace` in a
copy of judge/ and variants/), so that neither this tree nor an editable install of it
ever imports a compiled module by accident. CI (.ci/run) runs the engine's, the DATC's and
the protocol's tests on such a copy; bench/adjudication.py times it beside the
interpreted tree and MILA:

    .venv/bin/python bench/compiled.py --dest /tmp/judge-compiled
    PYTHONPATH=/tmp/judge-compiled .venv/bin/pytest tests/datc tests/engine
    .venv/bin/python bench/adjudication.py --compiled /tmp/judge-compiled
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent


def hot_modules(setup_py: Path = TREE / "setup.py") -> list[str]:
    """setup.py's HOT: the modules the compiled build compiles, read without running it."""
    for node in ast.parse(setup_py.read_text()).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "HOT" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise LookupError(f"no HOT in {setup_py}")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dest", help="directory for the copy (default: a new temporary one)")
    return p.parse_args(argv)


def build(dest: Path) -> None:
    """Copies judge/, variants/ and setup.py to `dest` and compiles the hot modules there.
    pyproject.toml stays behind: only the extensions are built, in place in the copy.
    migrations/ and templates/ are found beside the package (judge/store/db.py,
    judge/reports/render.py): the copy gets them too, so that a judge run from it (the
    mail tests of the compiled step) migrates its database and renders its replies."""
    for package in ("judge", "variants", "migrations", "templates"):
        shutil.copytree(TREE / package, dest / package, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy2(TREE / "setup.py", dest / "setup.py")
    done = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace", "--parallel", "2"],
        cwd=dest, capture_output=True, text=True, env={**os.environ, "JUDGE_COMPILE": "1"})
    if done.returncode:
        # mypyc's own errors (a module it cannot compile as written), else the C build's.
        sys.exit("\n".join(line for line in done.stdout.splitlines()
                            if ": error:" in line or ": note:" in line)
                 or done.stderr[-4000:] or done.stdout[-4000:])


def compiled(dest: Path, modules: Sequence[str]) -> list[str]:
    """The modules whose compiled extension stands beside its source in `dest`."""
    return [m for m in modules
            if list((dest / m).parent.glob(Path(m).stem + ".cpython-*.so"))]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    dest = Path(args.dest or tempfile.mkdtemp(prefix="judge-compiled-")).resolve()
    modules = hot_modules()
    build(dest)
    done = compiled(dest, modules)
    print(f"{len(done)} of {len(modules)} modules compiled in {dest}")
    print(f"PYTHONPATH={dest} {sys.executable} -m pytest tests/datc ...")
    print(f"{sys.executable} {TREE / 'bench' / 'adjudication.py'} --compiled {dest}")
    return 0 if len(done) == len(modules) else 1


if __name__ == "__main__":
    sys.exit(main())
