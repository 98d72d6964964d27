"""The board layers of a picture: provinces by owner, centres, labels, units, dislodged units
with their retreat options. Only what the given position holds is drawn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from judge.engine.outcome import Dislodgement, Event
from judge.engine.position import Position
from judge.engine.types import Unit, UnitKind, province_of
from judge.pictures.drawing import Drawing, Point
from judge.pictures.layers import RASTER
from judge.pictures.svg import element, group, num

UNIT_STROKE = 0.8


def provinces(drawing: Drawing, owners: Mapping[str, str]) -> list[str]:
    """Each outline filled: a supply centre's province with its owner's tint (Rulebook: the
    centre's owner holds the province's colour), others by their fill class."""
    out = []
    for shape in drawing.shapes:
        place = drawing.places.get(shape.province)
        fill_class = place.fill if shape.fill == "own" and place else shape.fill
        fill = drawing.fills.get(fill_class, drawing.fills["land"])
        owner = owners.get(shape.province)
        if shape.fill == "own" and owner is not None:
            fill = drawing.colour(owner).land
        out.append(element("path", {"d": shape.d, "fill": fill, "data-province":
                                    shape.province}))
    return group({"stroke": drawing.canvas["ink"], "stroke-width": 0.6,
                  "stroke-linejoin": "round", RASTER: "each"}, out)


def centres(drawing: Drawing, owners: Mapping[str, str]) -> list[str]:
    out = []
    for place in sorted(drawing.places.values(), key=lambda p: p.id):
        if place.centre_at is None:
            continue
        owner = owners.get(place.id)
        fill = drawing.colour(owner).unit if owner else drawing.fills["centre"]
        x, y = place.centre_at
        out.append(element("circle", {"cx": x, "cy": y, "r": 3, "fill": fill,
                                      "data-centre": place.id}))
    return group({"stroke": drawing.canvas["ink"], "stroke-width": 0.6, RASTER: "each"}, out)


def labels(drawing: Drawing) -> list[str]:
    out = [element("text", {"x": p.label_at[0], "y": p.label_at[1]}, p.label)
           for p in sorted(drawing.places.values(), key=lambda p: p.id)
           if p.label and p.label_at is not None]
    # labels start at their point, as in the source drawing
    return group({"font-family": "DejaVu Sans,Arial,sans-serif", "font-size": 7,
                  "fill": drawing.canvas["ink"], RASTER: "whole"}, out)


def unit_symbol(drawing: Drawing, power: str, kind: str, at: Point, count: int = 1,
                role: str = "unit", stroke: str | None = None) -> list[str]:
    x, y = at
    shape = element("path", {"d": drawing.symbols.get(kind, "M-5,-5h10v10h-10Z"),
                             "transform": f"translate({num(x)},{num(y)})",
                             "fill": drawing.colour(power).unit,
                             "stroke": stroke or drawing.canvas["ink"],
                             "stroke-width": UNIT_STROKE if stroke is None else 1.6})
    out = group({"class": role, "data-power": power, "data-kind": kind, RASTER: "whole"},
                [shape])
    if count > 1:  # several of one kind in one place (Envoy's diplomats, 5.v)
        out.insert(-1, element("text", {"x": x + 8, "y": y + 10, "font-size": 8,
                                        "font-weight": "bold", "fill": drawing.canvas["ink"],
                                        "font-family": "DejaVu Sans,Arial,sans-serif"},
                               str(count)))
    return out


def layer_of(kinds: Mapping[str, UnitKind], kind: str) -> str:
    return kinds[kind].layer if kind in kinds else "main"


def units(drawing: Drawing, kinds: Mapping[str, UnitKind], board: Sequence[Unit]) -> list[str]:
    """Each unit at its anchor; units of another layer (Envoy's diplomats) at the layer's
    offset from it, one symbol per power and kind with a count."""
    counts = Counter((layer_of(kinds, u.kind), u.loc, u.power, u.kind) for u in board)
    slot: Counter[tuple[str, str]] = Counter()
    out: list[str] = []
    for (layer, loc, power, kind), count in sorted(counts.items()):
        first = drawing.layer_anchor(loc, layer)
        if first is None:
            continue
        step = drawing.layers.get(layer, {}).get("step", [14, 0])
        i = slot[(layer, loc)]
        slot[(layer, loc)] += 1
        at = (first[0] + i * step[0], first[1] + i * step[1])
        out.extend(unit_symbol(drawing, power, kind, at, count))
    return out


def dislodgements(position: Position, events: Iterable[Event]) -> list[Dislodgement]:
    """The position's dislodged units, and any the results report that it does not hold."""
    found = {d.unit: d for d in position.dislodged}
    for event in events:
        if isinstance(event, Dislodgement):
            found.setdefault(event.unit, event)
    return sorted(found.values(), key=lambda d: (d.unit.loc, d.unit.power, d.unit.kind))


def dislodged(drawing: Drawing, found: Sequence[Dislodgement]) -> list[str]:
    """A dislodged unit beside its province, edged in red, with a dotted line to each
    province it may retreat to."""
    out: list[str] = []
    dx, dy = drawing.dislodged_offset
    for d in found:
        anchor = drawing.anchor(d.unit.loc)
        if anchor is None:
            continue
        at = (anchor[0] + dx, anchor[1] + dy)
        colour = drawing.colour(d.unit.power).unit
        for dest in d.retreats:
            target = drawing.anchor(dest) or drawing.anchor(province_of(dest))
            if target is not None:
                out.append(element("line", {"x1": at[0], "y1": at[1], "x2": target[0],
                                            "y2": target[1], "stroke": colour,
                                            "stroke-width": 1, "stroke-dasharray": "1,2",
                                            "data-retreat": f"{d.unit.loc} {dest}"}))
        out.extend(unit_symbol(drawing, d.unit.power, d.unit.kind, at, role="dislodged",
                               stroke="#e00000"))
    return out
