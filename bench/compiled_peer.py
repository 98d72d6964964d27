"""The compiled reader timed beside the interpreted one in one run (bench/adjudication.py
--compiled DIR): this script runs in a child process whose `judge` is the compiled copy
that bench/compiled.py built in DIR, and times the JSON round trip of each phase it is
sent exactly as roundtrip.py times it in the parent, which compares every reply's text
with its own byte for byte.

Protocol, one JSON object a line each way: {"learn": [lines]} reads every line once (the
shapes of lines learnt, as roundtrip.py does first) and answers {}; {"line": L, "reps": R,
"forget": null | false} answers {"ns": fastest of R runs, "reply": the reply's text}.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


class CompiledPeer:
    """The parent's end: a child process on the compiled copy in `dest`."""

    def __init__(self, dest: Path, lines: list[str]) -> None:
        env = {**os.environ, "PYTHONPATH": f"{dest}{os.pathsep}{HERE}"}
        self.child = subprocess.Popen([sys.executable, str(Path(__file__))], env=env,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.ask({"learn": lines})

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self.child.stdin is not None and self.child.stdout is not None
        self.child.stdin.write(json.dumps(message) + "\n")
        self.child.stdin.flush()
        answer = self.child.stdout.readline()
        if not answer:
            raise RuntimeError(f"the compiled peer stopped (status {self.child.wait()})")
        got: dict[str, Any] = json.loads(answer)
        return got

    def time(self, line: str, reps: int, forget: bool | None) -> tuple[int, str]:
        got = self.ask({"line": line, "reps": reps, "forget": forget})
        return int(got["ns"]), str(got["reply"])

    def close(self) -> None:
        if self.child.stdin is not None:
            self.child.stdin.close()
        self.child.wait()


def serve() -> None:
    """The child's end: reads the parent's messages until its stdin closes."""
    from adjudication import min_ns

    import judge.protocol
    from judge.grammar import Grammar
    from judge.protocol import forget_units, handle_line_text
    from judge.variant_loader import load_variant
    if not (judge.protocol.__file__ or "").endswith(".so"):
        sys.exit(f"{judge.protocol.__file__} is not compiled: build with bench/compiled.py")
    variant = load_variant("standard")
    grammar = Grammar.for_variant(variant)

    def once(line: str, forget: bool | None) -> str:
        if forget is not None:
            grammar.forget(shapes=forget)
            forget_units(variant)
        return handle_line_text(line)

    for message in sys.stdin:
        asked = json.loads(message)
        answer: dict[str, Any] = {}
        if "learn" in asked:
            for line in asked["learn"]:
                once(line, False)
        else:
            line, forget = asked["line"], asked["forget"]
            answer["ns"] = min_ns(lambda line=line, forget=forget:  # type: ignore[misc]
                                  once(line, forget), asked["reps"])
            answer["reply"] = once(line, forget)
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()
