"""The picture drawn in layers (judge/pictures/layers.py, png.py) is the picture drawn whole:
tiles drawn once and kept, fresh elements drawn per picture, composited in document order.
Pixel for pixel within the rounding of cairo's 8-bit premultiplied channels, and the same
PNG bytes whatever was drawn before (the secrecy harness compares mail byte for byte)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.pictures import png, render_svg
from judge.pictures.drawing import load_drawing
from judge.pictures.layers import layers
from judge.variant import Variant
from tests.pictures import scenarios

ROUNDING = 2  # one OVER of a kept tile against cairo drawing the shape in place

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'


def test_fresh_elements_run_together_and_tiles_stand_alone() -> None:
    svg = "\n".join([HEAD, '<rect width="10" height="10"/>', '<g transform="translate(1,1)">',
                     '<text x="0">t</text>', '<g fill="red" data-raster="each">',
                     '<circle r="1"/>', '<circle r="2"/>', "</g>", '<path d="M0,0h1"/>',
                     "</g>", '<g data-raster="whole">', '<text x="1">a</text>', "</g>",
                     "</svg>", ""])
    plan = layers(svg)
    assert plan is not None
    assert [layer.tile for layer in plan] == [False, True, True, False, True]
    # the fresh rect and text share one document, inside the text's own group
    assert plan[0].text.split("\n") == [HEAD, '<rect width="10" height="10"/>',
                                        '<g transform="translate(1,1)">',
                                        '<text x="0">t</text>', "</g>", "</svg>"]
    # a tile keeps every group around it: the transform and the inherited fill
    assert plan[2].text.split("\n") == [HEAD, '<g transform="translate(1,1)">',
                                        '<g fill="red" data-raster="each">',
                                        '<circle r="2"/>', "</g>", "</g>", "</svg>"]
    assert plan[4].text.split("\n") == [HEAD, '<g data-raster="whole">',
                                        '<text x="1">a</text>', "</g>", "</svg>"]


def test_a_fresh_run_closes_one_group_and_opens_the_next() -> None:
    svg = "\n".join([HEAD, '<g fill="red">', "<rect/>", "</g>", '<g fill="blue">', "<rect/>",
                     "</g>", "</svg>"])
    plan = layers(svg)
    assert plan is not None and len(plan) == 1
    assert plan[0].text.split("\n") == [HEAD, '<g fill="red">', "<rect/>", "</g>",
                                         '<g fill="blue">', "<rect/>", "</g>", "</svg>"]


@pytest.mark.parametrize("svg", [
    '<?xml version="1.0"?>\n' + HEAD + "\n<rect/>\n</svg>",  # not our first line
    HEAD + "\n<g>\n<rect/>\n</svg>",  # a group left open
    HEAD + "\n<rect/>\n</g>\n</svg>",  # a group closed that was not open
    HEAD + "\n<text>two\nlines</text>\n</svg>",  # an element over two lines
    HEAD + "\n<rect/>",  # no end
])
def test_an_svg_not_written_as_ours_is_drawn_whole(svg: str) -> None:
    assert layers(svg) is None


BOARDS: list[tuple[str, Variant, Callable[[], tuple[Position, tuple[Event, ...]]]]] = [
    ("movement", scenarios.STANDARD, scenarios.movement),
    ("retreat", scenarios.STANDARD, scenarios.retreat),
    ("envoy", scenarios.ENVOY, scenarios.envoy),
    ("adjustment", scenarios.STANDARD, scenarios.adjustment)]


def _board(variant: Variant, board: Callable[[], tuple[Position, tuple[Event, ...]]]
           ) -> tuple[str, float]:
    position, events = board()
    scale = float(load_drawing(variant).canvas["scale"])
    return render_svg(variant, position, events, "A title: Fall 1901"), scale


def _image(drawn: Any) -> Image.Image:
    size = (drawn.get_width(), drawn.get_height())
    return Image.frombuffer("RGBA", size, bytes(drawn.get_data()), "raw", "BGRA", 0,
                            1).convert("RGB")


@pytest.mark.parametrize(("name", "variant", "board"), BOARDS, ids=[b[0] for b in BOARDS])
def test_layers_draw_what_the_whole_svg_draws(
        name: str, variant: Variant,
        board: Callable[[], tuple[Position, tuple[Event, ...]]]) -> None:
    svg, scale = _board(variant, board)
    whole = _image(png._flushed(png._cairosvg(svg, scale)))
    png.forget_tiles()
    for _ in range(2):  # drawn, then from kept tiles
        layered = _image(png._draw(svg, scale))
        assert layered.size == whole.size
        counts = ImageChops.difference(whole, layered).histogram()  # 256 a channel
        beyond = [counts[256 * band + ROUNDING + 1:256 * (band + 1)] for band in range(3)]
        assert not any(any(band) for band in beyond)


def test_a_picture_does_not_depend_on_what_was_drawn_before() -> None:
    movement, scale = _board(scenarios.STANDARD, scenarios.movement)
    retreat, _ = _board(scenarios.STANDARD, scenarios.retreat)
    png.forget_tiles()
    first = png.svg_to_png.__wrapped__(movement, scale)
    png.forget_tiles()
    png.svg_to_png.__wrapped__(retreat, scale)  # keeps tiles movement shares and not
    assert png.svg_to_png.__wrapped__(movement, scale) == first


def test_kept_tiles_stay_within_their_bytes() -> None:
    kept = png._Kept(limit=1)
    svg, scale = _board(scenarios.STANDARD, scenarios.movement)
    plan = layers(svg)
    assert plan is not None
    tiles = [layer.text for layer in plan if layer.tile][:3]
    for text in tiles:
        kept.get(text, scale)
    # past the limit only the newest stays: a long-running judge's memory is bounded
    assert list(kept.table) == [(tiles[-1], scale)]
    assert kept.size == kept.table[(tiles[-1], scale)].nbytes
