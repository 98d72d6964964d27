"""A picture's PNG depends on its SVG alone, not on what the process drew before: cairo
settles a font's hinting at the scale it first draws it, so hinted text drawn after a board
of another scale (1885-III's 1.0, the standard's 1.5) came out different. `judge map` in a
fresh process must give the bytes the report carried, and the secrecy harness compares
bytes. Each case runs in a fresh interpreter, since the state is the process's."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import hashlib, sys
from judge.pictures import render_svg
from judge.pictures.png import svg_to_png
from judge.variant import load_variant
standard = load_variant("standard")
svg = render_svg(standard, standard.start, (), "Standard: Spring 1901 Movement")
if sys.argv[1] == "after-another-scale":
    svg_to_png.__wrapped__(svg, 1.0)
print(hashlib.sha256(svg_to_png.__wrapped__(svg, 1.5)).hexdigest())
"""


def png_digest(case: str) -> str:
    done = subprocess.run([sys.executable, "-c", SCRIPT, case], capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


def test_the_same_svg_gives_the_same_png_whatever_was_drawn_before() -> None:
    assert png_digest("first") == png_digest("after-another-scale")
