"""Envoy's map (rule 5): country spaces, the vanished seas, and the regular map unchanged.

Expected neighbours were read off the standard board by hand, not from the generated data.
"""

from __future__ import annotations

import importlib.util
from itertools import combinations
from types import ModuleType

import pytest

from judge.variant_loader import load_variant

ENVOY = load_variant("envoy")
GEO = ENVOY.rules.geo
DIPLOMAT = GEO.kinds["D"]

# The spaces around each vanished sea (5.iii), with home provinces read as their country:
# North Sea: Norway, Skagerrak, Denmark, Helgoland, Holland, Belgium, the Channel, London/
# Yorkshire/Edinburgh, Norwegian Sea. Adriatic: Albania, Apulia/Venice, Ionian, Trieste.
# Aegean: Bulgaria, Constantinople/Smyrna, Eastern Med., Greece, Ionian.
AROUND = {
    "nth": {"nwy", "ska", "den", "hel", "hol", "bel", "eng", "engl", "nwg"},
    "adr": {"alb", "ita", "ion", "aus"},
    "aeg": {"bul", "tur", "eas", "gre", "ion"},
}


def near(space: str) -> set[str]:
    return set(GEO.neighbours(DIPLOMAT, space))


def test_each_great_power_is_one_space_named_by_the_country() -> None:
    countries = {p.id: p.name for p in GEO.provinces.values() if p.terrain == "country"}
    assert countries == {"aus": "Austria", "engl": "England", "fra": "France",
                         "ger": "Germany", "ita": "Italy", "rus": "Russia", "tur": "Turkey"}


def test_austria_borders_what_its_six_provinces_and_the_adriatic_touch() -> None:
    # tri: alb, ven, adr (-> apu, ion, alb); bud: ser, rum; gal: war, ukr, sil, rum;
    # boh: mun, sil; tyr: mun, ven, pie. Venice/Apulia/Piedmont are Italy, and so on.
    assert near("aus") == {"alb", "ion", "ita", "ser", "rum", "rus", "ger"}
    assert "ita" in near("aus") and "aus" in near("ita")  # D Aus-Ita


def test_england_and_france_do_not_border_though_both_touch_the_channel() -> None:
    assert "fra" not in near("engl")
    assert {"engl", "fra"} <= near("eng")


@pytest.mark.parametrize("sea", sorted(AROUND))
def test_a_vanished_sea_is_no_space_and_joins_the_spaces_around_it(sea: str) -> None:
    assert GEO.stand_locations(DIPLOMAT, sea) == ()
    assert not near(sea)
    for a, b in combinations(sorted(AROUND[sea]), 2):
        assert b in near(a), f"{a} and {b} both border {sea}"


def test_the_seas_do_not_join_each_other() -> None:
    # Norway borders the North Sea, Albania the Adriatic: 5.iii joins them to their own.
    assert "alb" not in near("nwy")
    assert "tur" not in near("alb")  # Adriatic and Aegean are separate seas


@pytest.mark.parametrize("prov", ["vie", "lon", "par", "kie", "rom", "stp", "ank", "boh"])
def test_a_home_province_is_not_a_diplomat_space_but_armies_keep_it(prov: str) -> None:
    assert GEO.stand_locations(DIPLOMAT, prov) == ()
    assert GEO.stand_locations(GEO.kinds["A"], prov) == (prov,)


def test_armies_and_fleets_move_on_the_standard_map() -> None:
    standard = load_variant("standard").rules.geo
    for graph in ("army", "fleet"):
        assert GEO.graphs[graph] == standard.graphs[graph]
    for kind in ("A", "F"):
        assert GEO.stand_locations(GEO.kinds[kind], "aus") == ()


def _make_map() -> ModuleType:
    spec = importlib.util.spec_from_file_location("envoy_make_map",
                                                  ENVOY.folder / "make_map.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_map_is_what_make_map_writes() -> None:
    assert _make_map().main(["--check"]) == 0


def test_the_countries_are_the_coloured_regions_of_the_board() -> None:
    countries = _make_map().COUNTRIES
    assert set(countries["aus"][2]) == {"vie", "bud", "tri", "boh", "gal", "tyr"}
    assert set(countries["rus"][2]) == {"mos", "stp", "war", "sev", "ukr", "lvn", "fin"}
    members = [p for _, _, provs in countries.values() for p in provs]
    # Five countries of six provinces, Russia of seven, Turkey of five; no overlap.
    assert len(members) == len(set(members)) == 5 * 6 + 7 + 5
