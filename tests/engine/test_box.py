"""A place that holds any number of units of a kind (issue #12 item 7; 1885-III's High
Ocean Box holds any number of fleets): the map says so, the set-up allows it, positions
and the store carry it, the standard movement phase refuses to adjudicate it rather than
get it silently wrong (the variant's own handler does), and the standard retreat phase
lets retreats into it stand together."""

from __future__ import annotations

from dataclasses import replace

import pytest

from judge.engine.codec import position_from_json, position_to_json
from judge.engine.geo import Geography, MapError
from judge.engine.mapcheck import check_setup
from judge.engine.orders import Move, Retreat
from judge.engine.outcome import Dislodgement
from judge.engine.position import Position
from judge.engine.retreats import RetreatPhase
from judge.engine.turn import adjudicate
from judge.engine.types import Phase, Unit
from judge.variant_loader import load_variant
from judge.variant_map import provinces_from_json, read_borders

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


def _two_fleets_retreat_to(dest: str) -> set[Unit]:
    """Fleets dislodged from Clyde and the Irish Sea both retreat to `dest`."""
    rules = replace(STANDARD.rules, geo=_boxed())
    english, french = Unit("ENGLAND", "F", "cly"), Unit("FRANCE", "F", "iri")
    board = Position(Phase(1901, "F", "R"), (), STANDARD.start.owners, (
        Dislodgement(english, "edi", ("lvp", "nao", "nwg")),
        Dislodgement(french, "eng", ("nao", "mao", "lvp"))))
    out = RetreatPhase().adjudicate(rules, board, {
        "ENGLAND": [Retreat("cly", dest, "F")], "FRANCE": [Retreat("iri", dest, "F")]})
    return set(out.position.units)


def test_retreats_into_a_box_of_their_kind_do_not_bounce() -> None:
    # A place that holds any number of fleets takes every fleet retreating there
    # (1885-III l.100-101: "any number of units", "will never bounce").
    assert _two_fleets_retreat_to("nao") == {Unit("ENGLAND", "F", "nao"),
                                             Unit("FRANCE", "F", "nao")}


def test_retreats_into_any_other_place_still_bounce() -> None:
    # DATC 6.H.7: two retreats to one province both disband; Liverpool holds one unit.
    assert _two_fleets_retreat_to("lvp") == set()
