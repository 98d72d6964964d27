"""A picture's bytes do not depend on what the process drew before: cairo kept the glyphs
of an earlier drawing at another scale and drew later text a little differently, so the
same board gave a reader other bytes after another game's picture (1885-III's, at scale 1)
than in a fresh process."""

from __future__ import annotations

import hashlib
import subprocess
import sys

from judge.pictures import render_svg
from tests.pictures.scenarios import STANDARD, movement

# Prints the PNG's digest at the drawing's scale, after drawing it first at `before`s.
PROGRAM = """
import hashlib, sys
from judge.pictures.png import svg_to_png
svg = sys.stdin.read()
for scale in sys.argv[1:]:
    svg_to_png(svg, float(scale))
print(hashlib.sha256(svg_to_png(svg, 1.5)).hexdigest())
"""


def digest_after(svg: str, *before: float) -> str:
    done = subprocess.run([sys.executable, "-c", PROGRAM, *map(str, before)], input=svg,
                          capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.strip()


def test_the_png_is_the_same_whatever_was_drawn_before() -> None:
    position, events = movement()
    svg = render_svg(STANDARD, position, events, "alpha: Fall 1901 Movement")
    fresh = digest_after(svg)
    assert digest_after(svg, 1.0) == fresh
    assert digest_after(svg, 0.5, 2.0) == fresh
    assert len(fresh) == len(hashlib.sha256().hexdigest())
