"""Writing SVG elements as text: attribute order as given, numbers with one decimal at most,
so that the same picture is always the same bytes."""

from __future__ import annotations

import math
import re

Point = tuple[float, float]
Attr = str | float | int

# XML's escapes, looked for before they are made: a board writes some three hundred
# elements and a thousand attributes, almost none with anything to escape, and
# xml.sax.saxutils' chains of replace were a fifth of a storm turn's SVG
# (bench/storm_turns.py --profile; 0.56 us an attribute against 1.7). An attribute is
# always double-quoted.
_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTR = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                       "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
_SPECIAL = re.compile('[&<>"\n\r\t]')


def num(value: float) -> str:
    text = f"{value:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


def element(tag: str, attrs: dict[str, Attr], text: str | None = None) -> str:
    parts = [tag, *(f'{k.replace("_", "-")}="{_escaped(_value(v), _ATTR)}"'
                    for k, v in attrs.items())]
    head = " ".join(parts)
    return f"<{head}/>" if text is None else f"<{head}>{_escaped(text, _TEXT)}</{tag}>"


def _escaped(text: str, table: dict[int, str]) -> str:
    return text.translate(table) if _SPECIAL.search(text) else text


def _value(v: Attr) -> str:
    return v if isinstance(v, str) else num(float(v))


def group(attrs: dict[str, Attr], children: list[str]) -> list[str]:
    return [element("g", attrs)[:-2] + ">", *children, "</g>"]


def polyline(points: list[Point]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def shorten(a: Point, b: Point, start: float, end: float) -> tuple[Point, Point] | None:
    """The segment a-b without `start` units at a and `end` units at b (None if nothing
    is left): arrows stop short of the units they join."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= start + end:
        return None
    ux, uy = dx / length, dy / length
    return (a[0] + ux * start, a[1] + uy * start), (b[0] - ux * end, b[1] - uy * end)


def arrow_head(tip: Point, tail: Point, size: float) -> list[Point]:
    """A triangle pointing at `tip`, from the direction of `tail`."""
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    base = (tip[0] - ux * size, tip[1] - uy * size)
    half = size * 0.55
    return [tip, (base[0] - uy * half, base[1] + ux * half),
            (base[0] + uy * half, base[1] - ux * half)]
