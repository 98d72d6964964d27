"""The orders of a phase as arrows: moves and retreats, supports to move and to hold,
convoys; an order that failed is dashed, an illegal one (it never happened) is not drawn,
builds are ringed and disbands crossed. Only the results given are drawn."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial

from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Move,
    Retreat,
    Support,
    VariantOrder,
    describe,
)
from judge.engine.outcome import Event, OrderResult, Outcome
from judge.engine.types import UnitKind
from judge.pictures.board import layer_of
from judge.pictures.drawing import Drawing, Point
from judge.pictures.svg import Attr, arrow_head, element, polyline, shorten

GAP = 7.0  # arrows stop short of a unit symbol's edge
MOVE_WIDTH = 2.5
SUPPORT_WIDTH = 1.3
DASH = "5,3"


def arrows(drawing: Drawing, kinds: Mapping[str, UnitKind],
           events: Iterable[Event]) -> list[str]:
    """The orders' arrows, by place (`_place`): the results come in the order of the true
    board's units, which a hidden game keeps from its readers (harness22: Stab Envoy's
    arrows drawn in another order as an unseen fleet had gone or not)."""
    out: list[str] = []
    # A variant's own order (Algernon's by portal) names no place an arrow could reach.
    drawn = [e for e in events if isinstance(e, OrderResult) and e.order is not None
             and not isinstance(e.order, VariantOrder) and e.outcome is not Outcome.ILLEGAL]
    for event in sorted(drawn, key=_place):
        layer = layer_of(kinds, event.unit.kind) if event.unit else "main"
        out.extend(_draw(drawing, event, partial(drawing.layer_anchor, layer=layer)))
    return out


def _place(result: OrderResult) -> tuple[str, str, str, str]:
    assert result.order is not None
    power = result.unit.power if result.unit else result.power
    loc = result.unit.loc if result.unit else result.order.loc
    return loc, power, describe(result.order), result.outcome.name


def _draw(drawing: Drawing, result: OrderResult,
          a: Callable[[str], Point | None]) -> list[str]:
    """The order's arrow, between the places its layer's units stand (`a`)."""
    order = result.order
    power = result.unit.power if result.unit else result.power
    colour = drawing.colour(power).unit
    failed = result.outcome is not Outcome.SUCCEEDS
    origin = a(result.unit.loc if result.unit else order.loc) if order else None
    # A variant's own order (Algernon's by portal) names no place an arrow could reach.
    if order is None or origin is None or isinstance(order, VariantOrder):
        return []
    label = describe(order)
    match order:
        case Move(dest=dest) | Retreat(dest=dest):
            return _line(colour, failed, [origin, a(dest)], MOVE_WIDTH, "move", label, True)
        case Support(target=target, dest=None):
            return _line(colour, failed, [origin, a(target)], SUPPORT_WIDTH, "support-hold", label)
        case Support(dest=str() as dest):
            return _line(colour, failed, [origin, a(dest)], SUPPORT_WIDTH, "support",
                         label, True)
        case Convoy(target=target, dest=dest):
            return _line(colour, failed, [a(target), origin, a(dest)], SUPPORT_WIDTH,
                         "convoy", label, True)
        case Build():
            return [element("circle", {"cx": origin[0], "cy": origin[1], "r": 11,
                                       "fill": "none", "stroke": colour, "stroke-width": 1.5,
                                       "class": "build", "data-order": label})]
        case Disband():
            return _cross(origin, colour, label)
    return []


def _line(colour: str, failed: bool, points: list[Point | None], width: float, kind: str,
          label: str, head: bool = False) -> list[str]:
    """A polyline from unit to unit, cut short at both ends; a move's has an arrowhead,
    a hold support's ends in a ring round the unit it supports."""
    if any(p is None for p in points):
        return []
    pts: list[Point] = [p for p in points if p is not None]
    first = shorten(pts[0], pts[1], GAP, 0)
    last = shorten(pts[-2], pts[-1], 0, GAP + (2 if head else 0))
    if first is None or last is None:
        return []
    pts = [first[0], *pts[1:-1], last[1]] if len(pts) > 2 else [first[0], last[1]]
    attrs: dict[str, Attr] = {"points": polyline(pts), "fill": "none", "stroke": colour,
             "stroke-width": width, "stroke-linecap": "round", "class": kind,
                               "data-order": label}
    if failed:  # butt ends: round caps would close the dashes' gaps
        attrs.update({"stroke-linecap": "butt", "stroke-dasharray": DASH})
    out = [element("polyline", attrs)]
    if head:
        out.append(element("polygon", {"points": polyline(arrow_head(
            pts[-1] if len(pts) < 2 else _ahead(pts[-2], pts[-1]), pts[-2], 6 + width)),
            "fill": colour, "class": f"{kind}-head"}))
    else:
        end = points[-1]
        assert end is not None
        out.append(element("circle", {"cx": end[0], "cy": end[1], "r": GAP + 1,
                                      "fill": "none", "stroke": colour,
                                      "stroke-width": width, "class": f"{kind}-ring"}))
    return out


def _ahead(tail: Point, tip: Point) -> Point:
    """The arrowhead's tip, 2 units past where the line stops (the line ends under it)."""
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return (tip[0] + 2 * dx / length, tip[1] + 2 * dy / length)


def _cross(at: Point, colour: str, label: str) -> list[str]:
    x, y, r = at[0], at[1], 8.0
    d = f"M{x - r:.1f},{y - r:.1f}L{x + r:.1f},{y + r:.1f}M{x - r:.1f},{y + r:.1f}" \
        f"L{x + r:.1f},{y - r:.1f}"
    return [element("path", {"d": d, "stroke": colour, "stroke-width": 2.5,
                             "class": "disband", "data-order": label})]
