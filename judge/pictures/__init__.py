"""Pictures of the board (reports layer): SVG written from the variant's drawing data
(variants/<map>/drawing/), PNG converted from it. docs/pictures.md."""

from __future__ import annotations

from judge.pictures.render import render_svg

__all__ = ["render_svg"]
