"""The board picture draws an A/F (variants/1885/drawing/drawing.toml `[units.AF]`): the
fleet's hull and sail with the army's shield on deck, where a fleet shows the sea."""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.types import Phase, Unit
from judge.pictures.drawing import load_drawing
from tests.pictures.pixels import colour_at, picture

from .board import V1885

DRAWING = load_drawing(V1885)


def test_an_army_fleet_is_drawn_with_its_army_on_deck() -> None:
    units = (Unit("ENGLAND", "AF", "nth"), Unit("FRANCE", "F", "mao"))
    image = picture(V1885, Position(Phase.parse("JAN1885M"), units, {}))
    deck = (-5.5, -7.0)  # the shield's centre, beside the sail, above the hull
    for unit, on_deck in ((units[0], "ENGLAND unit"), (units[1], "sea")):
        at = DRAWING.anchor(unit.loc)
        assert at is not None
        assert colour_at(image, DRAWING, at) == f"{unit.power} unit"
        assert colour_at(image, DRAWING, (at[0] + deck[0], at[1] + deck[1])) == on_deck
