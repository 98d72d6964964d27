"""One viewer's picture of a phase as the files a mail carries: the PNG shown inline and the
same picture as SVG (issue #14).

What is drawn is what that viewer knows, the board his knowledge record keeps
(judge/game/seat_board.py, else `Visibility.board`) and the turn's events as the
visibility projects them (`projection`), exactly as his text report is built: a unit he
may not see is never handed to the renderer, so it is in neither file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from judge.attachment import Attachment
from judge.engine.outcome import Dislodgement, Event
from judge.engine.position import Position
from judge.engine.types import Phase
from judge.engine.visibility import Notice, Sighting, Viewer, projection
from judge.pictures.drawing import Drawing, load_drawing
from judge.pictures.png import png_drawn_by, svg_to_png
from judge.pictures.render import render_svg
from judge.variant import Variant

START = "start"  # the name of the picture sent when a game starts, in place of a phase


class Picture(NamedTuple):
    svg: str
    scale: float  # PNG pixels per SVG unit

    @property
    def png(self) -> bytes:
        return svg_to_png(self.svg, self.scale)

    def files(self, stem: str) -> tuple[Attachment, Attachment]:
        """`<stem>.png` inline, then `<stem>.svg` as a file to save."""
        return (Attachment(f"{stem}.png", "image/png", self.png, inline=True),
                Attachment(f"{stem}.svg", "image/svg+xml", self.svg.encode("utf-8")))

    def files_to_draw(self, stem: str) -> tuple[Attachment, Attachment]:
        """files(), the PNG left for the sender to draw from the SVG (issue #18: off the
        turn's transaction); the same bytes in the mail."""
        svg = self.svg.encode("utf-8")
        return (Attachment(f"{stem}.png", "image/png", svg, inline=True,
                           drawn_by=png_drawn_by(self.scale)),
                Attachment(f"{stem}.svg", "image/svg+xml", svg))


def turn_picture(variant: Variant, title: str, phase: Phase, events: Sequence[Event],
                 position: Position, viewer: Viewer, known: Position | None = None) -> Picture:
    """The board `position` after `phase` with its `events`, as `viewer` may know them:
    `known` is his board after it (judge/game/seat_board.py), None: the visibility's."""
    rules = variant.rules
    seen = projection(rules.visibility, phase, events, position, viewer)
    drawn = [e for e in seen if not isinstance(e, Sighting | Notice)]
    board = _with_dislodged(variant, position, viewer,
                            {e for e in drawn if isinstance(e, Dislodgement)}, known)
    return draw(variant, board, drawn, title, known_counts(variant, position, board, viewer),
                drawing_for(variant, board, viewer))


def board_picture(variant: Variant, title: str, position: Position,
                  viewer: Viewer, known: Position | None = None) -> Picture:
    """The board `position` as `viewer` may see it, no orders: a game's start. `known`:
    his board (judge/game/seat_board.py), None: the visibility's."""
    board = _with_dislodged(variant, position, viewer, set(), known)
    return draw(variant, board, (), title, known_counts(variant, position, board, viewer),
                drawing_for(variant, board, viewer))


# The last picture drawn, with what it was drawn from: the readers of a turn who may see
# the same board and events (all eight in a game that hides nothing) get one drawing
# (issue #18). One tuple, replaced whole, so threads never see half of one.
_LAST: tuple[Variant, tuple[object, ...], Picture] | None = None


def draw(variant: Variant, board: Position, events: Sequence[Event], title: str,
         counts: Mapping[str, int | None] | None = None,
         drawing: Drawing | None = None) -> Picture:
    global _LAST
    drawing = drawing or load_drawing(variant)
    key = (board, tuple(events), title, None if counts is None else dict(counts), drawing)
    last = _LAST
    if last is not None and last[0] is variant and last[1] == key:
        return last[2]
    svg = render_svg(variant, board, events, title, counts, drawing)
    picture = Picture(svg, float(drawing.canvas["scale"]))
    _LAST = (variant, key, picture)
    return picture


def drawing_for(variant: Variant, board: Position, viewer: Viewer) -> Drawing:
    """The folder's drawing, or the one the variant makes from it for this reader's board
    (`Variant.drawing`: a map made for each game, drawn as far as the reader may see)."""
    base = load_drawing(variant)
    if variant.drawing is None:
        return base
    made = variant.drawing(variant, base, board, viewer)
    if not isinstance(made, Drawing):
        raise TypeError(f"variant {variant.name}: its drawing hook made no Drawing")
    return made


def known_counts(variant: Variant, position: Position, board: Position,
                 viewer: Viewer) -> dict[str, int | None]:
    """Each power's centre count on the viewer's `board`, None for a power whose centres
    his visibility hides (Stab Envoy 12: only his own countries'). Whether it hides them is
    asked with a board where that power owns every centre, so the answer depends on who
    the viewer is and on the game's public state, never on who really owns what."""
    centres = variant.rules.geo.supply_centres
    visibility = variant.rules.visibility

    def known(power: str) -> bool:
        every = position.with_board(position.units, owners={c: power for c in centres})
        return len(visibility.board(every, viewer).owners) == len(centres)

    return {p: len(board.centres_of(p, centres)) if known(p) else None
            for p in variant.powers_in_play()}


def file_stem(game: str, phase: Phase | str) -> str:
    """`alpha-F1901M`: the files' name without the extension."""
    return f"{game}-{phase}"


def _with_dislodged(variant: Variant, position: Position, viewer: Viewer,
                    told: set[Dislodgement], known: Position | None = None) -> Position:
    """The viewer's board (`known`, else the visibility's), keeping of the dislodged units
    those he is told of this turn or would see if they still stood on the board (as the
    BOARD text shows them): a visibility that passes the dislodged units through must not
    put a hidden one in."""
    visibility = variant.rules.visibility
    board = visibility.board(position, viewer) if known is None else known

    def seen(d: Dislodgement) -> bool:
        standing = position.with_board((*position.units, d.unit))
        return d in told or d.unit in visibility.board(standing, viewer).units

    return board._replace(dislodged=tuple(d for d in board.dislodged if seen(d)))
