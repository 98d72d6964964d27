"""Reading a rendered PNG back: where a map point falls in pixels, and which of the drawing's
colours a pixel is nearest to (the PNG's palette and anti-aliasing shift colours a little)."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence

from PIL import Image

from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.pictures import render_png
from judge.pictures.drawing import Drawing, Point, load_drawing
from judge.variant import Variant

RGB = tuple[int, int, int]


def picture(variant: Variant, position: Position, events: Sequence[Event] = (),
            title: str = "test") -> Image.Image:
    png = render_png(variant, position, events, title)
    return Image.open(io.BytesIO(png)).convert("RGB")


def pixel(drawing: Drawing, point: Point) -> tuple[int, int]:
    """The PNG pixel of a point in the map's own coordinates."""
    scale = float(drawing.canvas["scale"])
    mx, my = drawing.canvas["map_at"]
    return int((mx + point[0]) * scale), int((my + point[1]) * scale)


def rgb(text: str) -> RGB:
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def named_colours(drawing: Drawing) -> dict[str, RGB]:
    """Every colour the drawing data names: '<POWER> unit', '<POWER> land', the fills,
    the ink and the background."""
    out = {f"{p} {part}": rgb(getattr(c, part)) for p, c in drawing.powers.items()
           for part in ("unit", "land")}
    out.update({name: rgb(value) for name, value in drawing.fills.items()})
    out["ink"] = rgb(drawing.canvas["ink"])
    out["background"] = rgb(drawing.canvas["background"])
    return out


def nearest(drawing: Drawing, colour: RGB) -> str:
    names = named_colours(drawing)
    return min(sorted(names), key=lambda n: sum((a - b) ** 2 for a, b in
                                                zip(names[n], colour, strict=True)))


def colour_at(image: Image.Image, drawing: Drawing, point: Point) -> str:
    found = image.getpixel(pixel(drawing, point))
    assert isinstance(found, tuple)
    return nearest(drawing, (found[0], found[1], found[2]))


def majority_at(image: Image.Image, drawing: Drawing, point: Point, radius: int = 3) -> str:
    """The colour most of the pixels round the point are nearest to (a label's letters or a
    border may cross the point itself)."""
    x, y = pixel(drawing, point)
    seen = Counter(nearest(drawing, _rgb(image.getpixel((x + dx, y + dy))))
                   for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1))
    return seen.most_common(1)[0][0]


def near_colours(image: Image.Image, drawing: Drawing, point: Point) -> set[str]:
    """The colours of the 3x3 pixels round the point: a thin line's centre is in it."""
    x, y = pixel(drawing, point)
    return {nearest(drawing, _rgb(image.getpixel((x + dx, y + dy))))
            for dx in (-1, 0, 1) for dy in (-1, 0, 1)}


def along(a: Point, b: Point, start: float = 0.3, end: float = 0.7,
          steps: int = 9) -> list[Point]:
    """Points on the segment a-b between the fractions start and end."""
    return [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            for t in (start + (end - start) * i / (steps - 1) for i in range(steps))]


def _rgb(value: object) -> RGB:
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def drawing_of(variant: Variant) -> Drawing:
    return load_drawing(variant)
