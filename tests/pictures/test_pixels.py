"""Pictures checked by their pixels: provinces in their owners' tints, each unit's symbol at
its anchor in its power's colour, arrows between the right anchors (failed ones dashed),
dislodged units beside their province, Envoy's diplomats."""

from __future__ import annotations

from PIL import Image

from judge.engine.position import Position
from judge.engine.types import Phase
from judge.pictures.drawing import Point
from tests.pictures import scenarios
from tests.pictures.pixels import along, colour_at, drawing_of, majority_at, near_colours, picture

STANDARD = scenarios.STANDARD
DRAWING = drawing_of(STANDARD)


def anchor(loc: str) -> Point:
    found = DRAWING.anchor(loc)
    assert found is not None
    return found


def test_each_owned_province_is_in_its_owners_tint() -> None:
    # An empty board, so no unit covers the anchors; every centre owned, powers in turn.
    powers = [p.name for p in STANDARD.powers]
    centres = sorted(STANDARD.rules.geo.supply_centres)
    owners = {c: powers[i % len(powers)] for i, c in enumerate(centres)}
    image = picture(STANDARD, Position(Phase.parse("S1901M"), (), owners))
    for centre, owner in owners.items():
        assert majority_at(image, DRAWING, anchor(centre)) == f"{owner} land", centre
    assert majority_at(image, DRAWING, anchor("nth")) == "sea"
    assert majority_at(image, DRAWING, anchor("bur")) == "land"  # not a centre: no owner


def test_each_unit_of_the_start_is_at_its_anchor_in_its_colour() -> None:
    image = picture(STANDARD, STANDARD.start)
    for unit in STANDARD.start.units:
        assert colour_at(image, DRAWING, anchor(unit.loc)) == f"{unit.power} unit", unit
    # stp/sc's fleet stands at the coast's anchor, not the province's
    assert colour_at(image, DRAWING, anchor("stp")) != "RUSSIA unit"


def _solid(image: Image.Image, a: Point, b: Point, power: str) -> list[bool]:
    """At each point from 30% to 70% of the way, the line's colour is under the point."""
    return [f"{power} unit" in near_colours(image, DRAWING, p) for p in along(a, b)]


def test_movement_arrows_join_the_right_anchors_and_failed_ones_are_dashed() -> None:
    position, events = scenarios.movement()
    image = picture(STANDARD, position, events)
    for origin, dest, power in [("lon", "nwy", "ENGLAND"), ("par", "bur", "FRANCE"),
                                ("boh", "tyr", "AUSTRIA"), ("mar", "bur", "FRANCE"),
                                ("ven", "tyr", "ITALY"), ("edi", "nth", "ENGLAND"),
                                ("nth", "nwy", "ENGLAND")]:
        assert all(_solid(image, anchor(origin), anchor(dest), power)), (origin, dest)
    for origin, dest, power in [("mun", "bur", "GERMANY"), ("sev", "bla", "RUSSIA"),
                                ("ank", "bla", "TURKEY")]:
        # dashed: the line's own pixels, one by one, are its colour and, in the gaps, not
        hits = [colour_at(image, DRAWING, p) == f"{power} unit"
                for p in along(anchor(origin), anchor(dest), 0.25, 0.75, 21)]
        assert any(hits) and not all(hits), (origin, dest)


def test_a_dislodged_unit_stands_beside_its_province() -> None:
    position, events = scenarios.movement()
    image = picture(STANDARD, position, events)
    dx, dy = DRAWING.dislodged_offset
    tyr = anchor("tyr")
    assert colour_at(image, DRAWING, (tyr[0] + dx, tyr[1] + dy)) == "GERMANY unit"
    assert colour_at(image, DRAWING, tyr) == "AUSTRIA unit"  # the army that took its place


def test_the_retreat_is_drawn_and_the_unit_is_where_it_went() -> None:
    position, events = scenarios.retreat()
    image = picture(STANDARD, position, events)
    assert all(_solid(image, anchor("tyr"), anchor("pie"), "GERMANY"))
    assert colour_at(image, DRAWING, anchor("pie")) == "GERMANY unit"
    assert majority_at(image, DRAWING, anchor("nwy")) == "ENGLAND unit"  # army on nwy


def test_envoy_diplomats_stand_at_their_layer_place() -> None:
    envoy = scenarios.ENVOY
    drawing = drawing_of(envoy)
    position, events = scenarios.envoy()
    image = picture(envoy, position, events)
    for loc, power in [("aus", "AUSTRIA"), ("fra", "FRANCE"), ("ita", "ITALY"),
                       ("lon", "ENGLAND")]:
        at = drawing.layer_anchor(loc, "diplomat")
        assert at is not None
        assert colour_at(image, drawing, at) == f"{power} unit", loc
    fleet = drawing.anchor("nth")
    assert fleet is not None and colour_at(image, drawing, fleet) == "ENGLAND unit"
    lon = drawing.anchor("lon")
    assert lon is not None and colour_at(image, drawing, lon) != "ENGLAND unit"  # fleet left
