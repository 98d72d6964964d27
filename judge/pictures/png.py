"""SVG to PNG: CairoSVG draws (on the system's cairo library), Pillow writes a 256-colour
palette PNG. Chosen by measurement (bench/pictures.py): cairo's own PNG writer takes as long
as the drawing and gives a picture over 150 KB; a board has some twenty flat colours, so the
palette keeps them (within a unit or two of each channel) at a third of the size."""

from __future__ import annotations

import io
import threading
from functools import lru_cache

import cairocffi
from cairosvg.parser import Tree
from cairosvg.surface import PNGSurface
from PIL import Image

DPI = 96  # CSS pixels: one SVG unit is `scale` PNG pixels
_CAIRO = threading.Lock()  # one drawing at a time: the reset below is process-wide


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
    with _CAIRO:
        # cairo keeps the fonts and glyphs it drew, and text drawn later at another scale
        # comes out a little different: a picture's bytes depended on what the process had
        # drawn before (another reader's picture, another game's). Each drawing starts
        # from cairo's first state; no cairo object outlives a drawing, as the reset needs.
        cairocffi.cairo.cairo_debug_reset_static_data()
        surface = PNGSurface(Tree(bytestring=svg.encode("utf-8")), None, DPI,
                             scale=scale).cairo
        surface.flush()
        size = (surface.get_width(), surface.get_height())
        pixels = bytes(surface.get_data())
        del surface
    return size, pixels
