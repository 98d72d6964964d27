"""SVG to PNG: CairoSVG draws (on the system's cairo library), Pillow writes a 256-colour
palette PNG. Chosen by measurement (bench/pictures.py): cairo's own PNG writer takes as long
as the drawing and gives a picture over 150 KB; a board has some twenty flat colours, so the
palette keeps them (within a unit or two of each channel) at a third of the size."""

from __future__ import annotations

import io
from functools import lru_cache

from cairosvg import surface as cairosvg_surface
from cairosvg.parser import Tree
from cairosvg.surface import PNGSurface
from PIL import Image

DPI = 96  # CSS pixels: one SVG unit is `scale` PNG pixels

# Our SVG asks for unhinted text (text-rendering="geometricPrecision", render.py), so that
# a picture does not depend on what the process drew before: cairo settles a font's
# hinting at the scale it first draws it, and hinted text drawn later at another scale came
# out a little different. CairoSVG reads that value as ANTIALIAS_BEST, which cairo's image
# surface draws as broken letters here; grey anti-aliasing is what it means on a screen.
cairosvg_surface.TEXT_ANTIALIAS["geometricPrecision"] = cairosvg_surface.cairo.ANTIALIAS_GRAY


# Every reader of a turn whose picture is the same (every seat of a standard game) gets
# the PNG drawn once: ~100 ms each, against the SVG's few milliseconds.
@lru_cache(maxsize=16)
def svg_to_png(svg: str, scale: float) -> bytes:
    size, pixels = _draw(svg, scale)
    # cairo's ARGB32 is premultiplied BGRA in memory; the canvas is opaque, so no loss.
    image = Image.frombuffer("RGBA", size, pixels, "raw", "BGRA", 0, 1)
    palette = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE,
                                            dither=Image.Dither.NONE)
    out = io.BytesIO()
    palette.save(out, "PNG")
    return out.getvalue()


def _draw(svg: str, scale: float) -> tuple[tuple[int, int], bytes]:
    """The SVG drawn by cairo: its size and its ARGB32 pixels."""
    surface = PNGSurface(Tree(bytestring=svg.encode("utf-8")), None, DPI, scale=scale).cairo
    surface.flush()
    size = (surface.get_width(), surface.get_height())
    pixels = bytes(surface.get_data())
    return size, pixels
