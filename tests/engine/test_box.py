"""A place that holds any number of units of a kind (issue #12 item 7; 1885-III's High
Ocean Box holds any number of fleets): the map says so, the set-up allows it, positions
and the store carry it, and the standard phases refuse to adjudicate it rather than get
it silently wrong (the variant's own handler does)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from judge.engine.codec import position_from_json, position_to_json
from judge.engine.geo import Geography, MapError
from judge.engine.mapcheck import check_setup
from judge.engine.orders import Move
from judge.engine.turn import adjudicate
from judge.engine.types import Unit
from judge.variant import load_variant, read_borders
from judge.variant_map import provinces_from_json

STANDARD = load_variant("standard")
FLEETS = (Unit("ENGLAND", "F", "nao"), Unit("FRANCE", "F", "nao"))


def _boxed() -> Geography:
    """The standard map with the North Atlantic as a box of fleets."""
    geo = STANDARD.rules.geo
    provinces = [replace(p, holds=frozenset({"F"})) if p.id == "nao" else p
                 for p in geo.provinces.values()]
    return Geography(provinces, read_borders(STANDARD.folder / "borders.csv"), geo.kinds)


def test_a_box_takes_several_units_of_its_kind_and_no_other_place_does() -> None:
    geo = _boxed()
    assert check_setup(geo, STANDARD.rules.powers, FLEETS) == []
    two_armies = (Unit("FRANCE", "A", "par"), Unit("GERMANY", "A", "par"))
    assert check_setup(geo, STANDARD.rules.powers, two_armies) == ["two starting units in par"]
    assert check_setup(STANDARD.rules.geo, STANDARD.rules.powers, FLEETS) == \
        ["two starting units in nao"]


def test_a_map_made_for_a_game_says_which_places_hold_many() -> None:
    [box] = provinces_from_json({"provinces": [
        {"id": "hob", "name": "High Ocean Box", "terrain": "sea", "holds": ["f"]}]})
    assert box.holds == frozenset({"F"})


def test_the_store_carries_a_box_and_the_standard_phases_refuse_it() -> None:
    rules = replace(STANDARD.rules, geo=_boxed())
    board = STANDARD.start._replace(units=FLEETS)
    assert position_from_json(position_to_json(board)) == board
    with pytest.raises(MapError, match="share nao: a place that holds several units needs "
                                       "the variant's own handler"):
        adjudicate(rules, board, {"ENGLAND": [Move("nao", "nwg", "F")]})
