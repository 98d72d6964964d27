"""A golden PNG of the movement board, compared with a tolerance: another cairo or font
build may shift anti-aliased edges and letters, a drawing regression moves whole shapes.
Both pictures are shrunk to blocks of 4x4 pixels first, so that edges and letters average
out, and a block differs when a channel moves by more than CHANNEL_TOLERANCE; a unit's symbol
covers some thirty-five blocks.

UPDATE_GOLDEN=1 rewrites the file; look at the rewritten picture before keeping it."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops

from judge.pictures import render_png
from tests.pictures import scenarios

GOLDEN = Path(__file__).parent / "golden" / "standard-F1901M.png"
BLOCK = 4
CHANNEL_TOLERANCE = 40
BLOCKS_TOLERANCE = 15  # a title letter changed: 10 blocks; a unit gone: 34 to 37


def differing_blocks(a: Image.Image, b: Image.Image) -> int:
    assert a.size == b.size
    small = [i.convert("RGB").reduce(BLOCK) for i in (a, b)]
    diff = ImageChops.difference(small[0], small[1])
    over = diff.point(lambda v: 255 if v > CHANNEL_TOLERANCE else 0).convert("L")
    # L averages the channels: a block with any channel over the tolerance stays above 0
    return over.size[0] * over.size[1] - over.histogram()[0]


def test_the_movement_board_looks_as_it_did() -> None:
    position, events = scenarios.movement()
    png = render_png(scenarios.STANDARD, position, events, "Standard: Fall 1901 Movement")
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_bytes(png)
    got = Image.open(io.BytesIO(png))
    blocks = differing_blocks(got, Image.open(GOLDEN))
    assert blocks <= BLOCKS_TOLERANCE, f"{blocks} blocks differ from {GOLDEN.name}"


def test_the_comparison_sees_a_unit_gone() -> None:
    position, events = scenarios.movement()
    fewer = position.with_board(position.units[1:], position.dislodged)
    png = render_png(scenarios.STANDARD, fewer, events, "Standard: Fall 1901 Movement")
    assert differing_blocks(Image.open(io.BytesIO(png)), Image.open(GOLDEN)) > BLOCKS_TOLERANCE
