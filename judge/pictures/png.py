"""SVG to PNG: CairoSVG draws (on the system's cairo library), Pillow writes a 256-colour
palette PNG. Chosen by measurement (bench/pictures.py): cairo's own PNG writer takes as long
as the drawing and gives a picture over 150 KB; a board has some twenty flat colours, so the
palette keeps them (within a unit or two of each channel) at a third of the size.

The SVG is drawn in layers (layers.py): a tile (a province in a colour, a unit, the labels)
is drawn by CairoSVG once and kept, cropped to the pixels it covers; each picture paints
its tiles and draws only its fresh elements (title, arrows)."""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Any, NamedTuple

from cairosvg import surface as cairosvg_surface
from cairosvg.parser import Tree
from cairosvg.surface import PNGSurface
from PIL import Image

from judge.pictures.layers import layers

cairo = cairosvg_surface.cairo  # the cairo binding CairoSVG draws with (cairocffi)

DPI = 96  # CSS pixels: one SVG unit is `scale` PNG pixels
TILE_BYTES = 96 * 2**20  # the kept tiles' pixels, all maps and scales together
PALETTE_FROM = 4  # the palette is chosen on blocks of 4x4 pixels
PNG_LEVEL = 3  # zlib's: 6 took 4.7 ms more a picture for 9 KB less (73 KB at 3)

# Our SVG asks for unhinted text (text-rendering="geometricPrecision", render.py), so that
# a picture does not depend on what the process drew before: cairo settles a font's
# hinting at the scale it first draws it, and hinted text drawn later at another scale came
# out a little different. CairoSVG reads that value as ANTIALIAS_BEST, which cairo's image
# surface draws as broken letters here; grey anti-aliasing is what it means on a screen.
cairosvg_surface.TEXT_ANTIALIAS["geometricPrecision"] = cairosvg_surface.cairo.ANTIALIAS_GRAY


# A turn report's PNG is drawn by the sender from the stored SVG (issue #18): the report's
# file is stored as the SVG with this name and the scale (judge/attachment.py drawn_by).
DRAWN_PNG = "svg-png"


def png_drawn_by(scale: float) -> str:
    """How a PNG at `scale` is drawn from its SVG: the stored name drawn_file reads."""
    return f"{DRAWN_PNG} {scale!r}"


def drawn_file(drawn_by: str, source: bytes) -> bytes:
    """The file `drawn_by` (png_drawn_by's) draws from `source`: the same bytes every
    time, so a message sent again after a crash carries the picture it would have.
    ValueError on a name no drawing has (a row written by a later judge)."""
    kind, _, scale = drawn_by.partition(" ")
    if kind != DRAWN_PNG:
        raise ValueError(f"no drawing called {drawn_by!r}")
    return svg_to_png(source.decode("utf-8"), float(scale))


# Every reader of a turn whose picture is the same (every seat of a standard game) gets
# the PNG drawn once.
@lru_cache(maxsize=16)
def svg_to_png(svg: str, scale: float) -> bytes:
    drawn = _draw(svg, scale)
    # cairo's ARGB32 is premultiplied BGRA in memory; the canvas is opaque, so reading it
    # as BGR with a padding byte loses nothing (and skips an RGBA copy: 1 ms against 4)
    image = Image.frombuffer("RGB", (drawn.get_width(), drawn.get_height()),
                             drawn.get_data(), "raw", "BGRX", 0, 1)
    out = io.BytesIO()
    image.quantize(palette=_palette(image), dither=Image.Dither.NONE).save(
        out, "PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


def _palette(image: Image.Image) -> Image.Image:
    """The picture's 256 colours, chosen from it shrunk four times over: its flat areas
    keep their colours there, and choosing from a sixteenth of the pixels takes a quarter
    of the time (bench/pictures.py); each pixel then takes the nearest of them."""
    return image.reduce(PALETTE_FROM).quantize(256, method=Image.Quantize.FASTOCTREE,
                                               dither=Image.Dither.NONE)


def _draw(svg: str, scale: float) -> Any:
    """The SVG drawn on a cairo image surface (flushed)."""
    plan = layers(svg)
    if not plan:
        return _flushed(_cairosvg(svg, scale))
    # The first layer, drawn for this picture, is the canvas the others are painted on
    canvas = None if plan[0].tile else _cairosvg(plan[0].text, scale)
    context: Any = None if canvas is None else cairo.Context(canvas)
    for layer in plan[0 if canvas is None else 1:]:
        tile = _TILES.get(layer.text, scale) if layer.tile else _Tile.whole(layer.text, scale)
        if context is None:
            canvas = cairo.ImageSurface(cairo.FORMAT_ARGB32, *tile.canvas)
            context = cairo.Context(canvas)
        if tile.surface is not None:
            context.set_source_surface(tile.surface, *tile.at)
            context.paint()
    return _flushed(canvas)


def _cairosvg(svg: str, scale: float) -> Any:
    return PNGSurface(Tree(bytestring=svg.encode("utf-8")), None, DPI, scale=scale).cairo


def _flushed(surface: Any) -> Any:
    surface.flush()
    return surface


class _Tile(NamedTuple):
    canvas: tuple[int, int]  # the whole picture's size in pixels
    at: tuple[int, int]  # where the kept pixels go
    surface: Any  # the kept pixels, or None when the layer draws nothing
    nbytes: int

    @staticmethod
    def whole(text: str, scale: float) -> _Tile:
        surface = _cairosvg(text, scale)
        size = (surface.get_width(), surface.get_height())
        return _Tile(size, (0, 0), surface, size[0] * size[1] * 4)

    @staticmethod
    def cropped(text: str, scale: float) -> _Tile:
        drawn = _flushed(_cairosvg(text, scale))
        size = (drawn.get_width(), drawn.get_height())
        # Read in place (the crop below copies what is kept). Little-endian ARGB32 is
        # B, G, R, A in memory: the fourth byte is alpha either way.
        image = Image.frombuffer("RGBA", size, drawn.get_data(), "raw", "RGBA", 0, 1)
        box = image.getchannel("A").getbbox()
        if box is None:
            return _Tile(size, (0, 0), None, 0)
        kept = bytearray(image.crop(box).tobytes())
        width, height = box[2] - box[0], box[3] - box[1]
        surface = cairo.ImageSurface.create_for_data(kept, cairo.FORMAT_ARGB32, width, height,
                                                     width * 4)
        return _Tile(size, (box[0], box[1]), surface, len(kept))


class _Kept:
    """The tiles drawn so far, the least recently used dropped past TILE_BYTES. Workers may
    draw on several threads: one lock guards the table, not the drawing."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.table: OrderedDict[tuple[str, float], _Tile] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, text: str, scale: float) -> _Tile:
        key = (text, scale)
        with self.lock:
            found = self.table.get(key)
            if found is not None:
                self.table.move_to_end(key)
                return found
        tile = _Tile.cropped(text, scale)
        with self.lock:
            if key not in self.table:
                self.table[key] = tile
                self.size += tile.nbytes
            while self.size > self.limit and len(self.table) > 1:
                self.size -= self.table.popitem(last=False)[1].nbytes
        return tile


    def clear(self) -> None:
        with self.lock:
            self.table.clear()
            self.size = 0


_TILES = _Kept(TILE_BYTES)


def forget_tiles() -> None:
    """Draw every tile afresh from now on: for measuring a map's first picture, and for
    showing that a picture does not depend on what was drawn before."""
    _TILES.clear()
