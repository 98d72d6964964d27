"""A picture's SVG cut into layers for drawing (issue #18: a turn's PNG cost some 150 ms,
mostly CairoSVG reading and drawing again the same provinces and labels as every other
board of the map).

Our SVG is written one element a line (svg.py): a group opens on a line of its own and
closes with "</g>". A group marked data-raster="whole" is one *tile*: the labels, a unit.
In a group marked data-raster="each", each child is a tile: a province in its owner's
colour, a centre, a legend row. A tile looks the same in every picture that holds it, so
it is drawn once and kept (png.py). Everything else (the title, the order arrows) is
*fresh*: consecutive fresh elements form one layer, drawn for this picture only.

Each layer is a whole SVG document: the picture's own <svg> line, the opening lines of the
groups around the element (they carry the transform and the inherited paint), the element.
Drawn in document order, one over the other, the layers make what drawing the whole SVG
makes: cairo draws every element over what is there already."""

from __future__ import annotations

import re
from typing import NamedTuple

RASTER = "data-raster"
_MARK = re.compile(r' data-raster="(each|whole)"')


class Layer(NamedTuple):
    tile: bool  # drawn once per text and kept; else drawn for this picture only
    text: str  # an SVG document


class _GroupLine(NamedTuple):
    line_no: int  # which group (two groups may open with the same line)
    line: str
    mark: str | None


Chain = tuple[_GroupLine, ...]


def layers(svg: str) -> list[Layer] | None:
    """The layers of `svg` in drawing order; None if it is not written as svg.py writes
    (the caller then draws it whole)."""
    lines = svg.split("\n")
    if not lines[0].startswith("<svg ") or "</svg>" not in lines:
        return None
    plan = _Plan(lines[0])
    chain: list[_GroupLine] = []
    i, end = 1, lines.index("</svg>")
    while i < end:
        line = lines[i]
        if not (line.startswith("<") and line.endswith(">")):
            return None
        if line == "</g>":
            if not chain:
                return None
            chain.pop()
            i += 1
            continue
        opens = _opens(line)
        mark = _mark(line) if opens else None
        in_each = bool(chain) and chain[-1].mark == "each"
        if in_each or mark == "whole":
            close = _closing(lines, i, end) if opens else i
            if close is None:
                return None
            plan.tile(tuple(chain), lines[i:close + 1])
            i = close + 1
        elif opens:
            chain.append(_GroupLine(i, line, mark))
            i += 1
        else:
            plan.fresh(tuple(chain), line)
            i += 1
    return plan.done() if not chain else None


def _mark(line: str) -> str | None:
    found = _MARK.search(line)
    return found.group(1) if found else None


def _opens(line: str) -> bool:
    return line == "<g>" or (line.startswith("<g ") and not line.endswith("/>"))


def _closing(lines: list[str], start: int, end: int) -> int | None:
    """The line that closes the group opened at `start`."""
    depth = 0
    for i in range(start, end):
        line = lines[i]
        if line == "</g>":
            depth -= 1
            if depth == 0:
                return i
        elif _opens(line):
            depth += 1
    return None


class _Plan:
    def __init__(self, head: str) -> None:
        self.head = head
        self.out: list[Layer] = []
        self.pending: list[tuple[Chain, list[str]]] = []

    def fresh(self, chain: Chain, line: str) -> None:
        self.pending.append((chain, [line]))

    def tile(self, chain: Chain, body: list[str]) -> None:
        self._flush()
        self.out.append(Layer(True, self._document([(chain, body)])))

    def done(self) -> list[Layer]:
        self._flush()
        return self.out

    def _flush(self) -> None:
        if self.pending:
            self.out.append(Layer(False, self._document(self.pending)))
            self.pending = []

    def _document(self, items: list[tuple[Chain, list[str]]]) -> str:
        """One document holding `items` in order, each inside its own groups: a group is
        closed and opened again only where the chain changes."""
        out: list[str] = [self.head]
        current: Chain = ()
        for chain, body in items:
            shared = _shared(current, chain)
            out.extend(["</g>"] * (len(current) - shared))
            out.extend(o.line for o in chain[shared:])
            out.extend(body)
            current = chain
        out.extend(["</g>"] * len(current))
        out.append("</svg>")
        return "\n".join(out)


def _shared(a: Chain, b: Chain) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x.line_no != y.line_no:
            break
        n += 1
    return n
