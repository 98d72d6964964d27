"""Pictures of the board (reports layer): SVG written from the variant's drawing data
(variants/<map>/drawing/), PNG converted from it. docs/pictures.md."""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.pictures.drawing import load_drawing
from judge.pictures.png import svg_to_png
from judge.pictures.render import render_svg
from judge.variant import Variant

__all__ = ["render_png", "render_svg"]


def render_png(variant: Variant, position: Position, events: Sequence[Event],
               title: str) -> bytes:
    """The same picture as render_svg, as PNG at the drawing's scale."""
    scale = float(load_drawing(variant).canvas["scale"])
    return svg_to_png(render_svg(variant, position, events, title), scale)
