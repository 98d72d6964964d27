"""The optional compiled build of the order reader's hot modules (issue #18).

`pyproject.toml` holds everything else; by default this adds nothing and the judge installs
as pure Python. With JUDGE_COMPILE=1 a wheel install compiles the modules of HOT with mypyc
(`JUDGE_COMPILE=1 pip install .`; docs/deployment.md, "The compiled reader"): each compiled
module stands beside its source in site-packages and is imported in its place, with the
same results (tests/test_compiled_build.py). An editable install is refused, since its
compiled modules would sit in the source tree and shadow the source of every later install.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools import setup

# The modules a movement phase's round trip runs through (profiled, bench/README.md,
# "reader"). Not handler.py: a compiled PhaseHandler would let a variant's interpreted
# handler without `adjudicate` be made (its docstring); the standard handlers derive from
# it and stay ordinary classes, their methods compiled.
HOT = [
    "judge/protocol.py", "judge/protocol_request.py", "judge/protocol_reply.py",
    "judge/protocol_json.py", "judge/grammar/grammar.py", "judge/grammar/reader.py",
    "judge/engine/board.py", "judge/engine/checks.py", "judge/engine/legality.py",
    "judge/engine/decisions.py", "judge/engine/resolver.py", "judge/engine/convoys.py",
    "judge/engine/movement.py", "judge/engine/turn.py", "judge/engine/centres.py",
    "judge/engine/adjustments.py", "judge/engine/calendar.py", "judge/engine/geo.py",
    "judge/engine/outcome.py", "judge/engine/types.py", "judge/engine/orders.py",
    "judge/engine/retreats.py",
    "judge/engine/position.py", "judge/engine/rules.py", "judge/engine/visibility.py",
    # Not hot, but its counted orders derive from the orders' compiled dataclasses, which
    # an interpreted dataclass cannot extend (its fields would shadow theirs).
    "judge/engine/counted.py",
]
# The project's [tool.mypy] checks the whole tree strictly with the developer's mypy; the
# compilation needs only these, whatever mypy the build gets.
MYPY_CONFIG = """[mypy]
python_version = 3.11
explicit_package_bases = True
ignore_missing_imports = True
"""


def compiled_modules() -> dict[str, Any]:
    """setup()'s arguments for the compiled build, or none for the default one."""
    if os.environ.get("JUDGE_COMPILE", "") in ("", "0"):
        return {}
    if "editable_wheel" in sys.argv or "develop" in sys.argv:
        sys.exit("JUDGE_COMPILE=1 builds a wheel: install with `pip install .`, not `-e`; "
                 "an editable build would leave the compiled modules in the source tree.")
    try:
        from mypyc.build import mypycify
    except ImportError:  # pip's isolated build env asks for its requirements first
        return {"setup_requires": ["mypy>=1.10"]}
    config = Path(tempfile.mkdtemp(prefix="judge-mypyc-")) / "mypyc.ini"
    config.write_text(MYPY_CONFIG)
    return {"ext_modules": mypycify(["--config-file", str(config), *HOT])}


setup(**compiled_modules())
