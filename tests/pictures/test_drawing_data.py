"""The drawing data in the variant folders: every location a unit may stand on has an anchor,
the outlines cover every province, and the standard data is what make_drawing.py writes."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from judge.pictures.drawing import drawing_folder, load_drawing
from judge.variant import Variant
from judge.variant_loader import load_variant

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["standard", "envoy"])
def test_every_province_and_coast_has_an_anchor(name: str) -> None:
    variant = load_variant(name)
    drawing = load_drawing(variant)
    geo = variant.rules.geo
    for prov in geo.provinces.values():
        assert prov.id in drawing.places, f"{name}: no anchor for {prov.id}"
        for coast in prov.coasts:
            assert f"{prov.id}/{coast}" in drawing.places, f"{name}: no anchor for coast"
    assert set(drawing.places) <= _locations(variant), "an anchor for no location"


def _locations(variant: Variant) -> set[str]:
    geo = variant.rules.geo
    return set(geo.provinces) | {f"{p.id}/{c}" for p in geo.provinces.values()
                                 for c in p.coasts}


@pytest.mark.parametrize("name", ["standard", "envoy"])
def test_every_province_has_an_outline_of_its_own_fill(name: str) -> None:
    drawing = load_drawing(load_variant(name))
    outlined = {s.province for s in drawing.shapes if s.fill == "own"}
    provinces = {p.id for p in drawing.places.values() if "/" not in p.id}
    assert outlined == provinces


def test_envoy_draws_on_the_standard_drawing_plus_its_country_spaces() -> None:
    standard, envoy = (load_drawing(load_variant(n)) for n in ("standard", "envoy"))
    assert drawing_folder(load_variant("envoy")).parent.name == "envoy"
    assert set(envoy.places) - set(standard.places) == {"aus", "engl", "fra", "ger", "ita",
                                                        "rus", "tur"}
    assert envoy.shapes[: len(standard.shapes)] == standard.shapes
    assert "D" in envoy.symbols and "D" not in standard.symbols


def test_supply_centres_have_markers_and_powers_colours() -> None:
    variant = load_variant("standard")
    drawing = load_drawing(variant)
    centres = {p.id for p in drawing.places.values() if p.centre_at is not None}
    assert centres == set(variant.rules.geo.supply_centres)
    assert set(drawing.powers) == {p.name for p in variant.powers}


def test_standard_drawing_is_what_make_drawing_writes() -> None:
    script = ROOT / "variants" / "standard" / "drawing" / "make_drawing.py"
    spec = importlib.util.spec_from_file_location("make_drawing", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    try:
        source = module.find_source()
    except SystemExit:
        pytest.skip("the reference SVG (shared/reference/maps/standard/svg) is not here")
    assert module.main(["--check", str(source)]) == 0
