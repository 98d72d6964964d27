"""The 1885-III drawing (variants/1885/drawing/): what make_drawing.py writes, a schematic in
which provinces touch exactly when they border each other, and the starting board drawn
with every unit at its place in its power's colour."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from judge.pictures.drawing import Point, load_drawing
from judge.variant_loader import load_variant
from tests.pictures.pixels import colour_at, picture

SCRIPT = Path(__file__).resolve().parents[2] / "variants" / "1885" / "drawing" / "make_drawing.py"
V = load_variant("1885")
DRAWING = load_drawing(V)


def make_drawing() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_drawing_1885", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def anchor(loc: str) -> Point:
    found = DRAWING.anchor(loc)
    assert found is not None
    return found


def test_the_drawing_and_the_clockwise_order_are_what_make_drawing_writes() -> None:
    assert make_drawing().main(["--check"]) == 0


def test_every_province_has_an_anchor_and_an_outline_of_its_own() -> None:
    provinces = set(V.rules.geo.provinces)
    assert set(DRAWING.places) == provinces       # no two-coast province: no coast anchors
    assert {s.province for s in DRAWING.shapes if s.fill == "own"} == provinces
    assert set(DRAWING.powers) == {p.name for p in V.powers}


def test_provinces_touch_in_the_drawing_exactly_when_they_border() -> None:
    m = make_drawing()
    prov, near, at = m.provinces(), m.neighbours(), m.nodes()
    assert m.touching(prov, near, at) == []
    assert m.crowded(at) == []
    # and the check sees a pair drawn touching: the Adriatic moved onto Rome's arm to Apulia
    moved = {**at, "adr": ((at["rom"][0] + at["apu"][0]) / 2, (at["rom"][1] + at["apu"][1]) / 2)}
    assert "adr-rom" in m.touching(prov, near, moved)


def test_the_starting_board_shows_every_unit_and_who_owns_each_centre() -> None:
    image = picture(V, V.start, title="1885-III: January 1885")
    for unit in V.start.units:
        assert colour_at(image, DRAWING, anchor(unit.loc)) == f"{unit.power} unit", unit
    for centre in V.rules.geo.supply_centres:
        marker = DRAWING.places[centre].centre_at
        assert marker is not None, centre
        owner = V.start.owners.get(centre)
        # an unowned centre's marker is white, the canvas's colour too
        expected = {f"{owner} unit"} if owner else {"centre", "background"}
        assert colour_at(image, DRAWING, marker) in expected, centre
