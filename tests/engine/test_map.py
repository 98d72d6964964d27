"""The standard map as data, and the loader's refusal of broken maps."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from judge.engine.geo import MapError
from judge.engine.types import province_of
from judge.variant_loader import load_variant, load_variant_folder

STANDARD = Path(__file__).resolve().parents[2] / "variants" / "standard"


def test_standard_map_facts() -> None:
    v = load_variant("standard")
    geo = v.rules.geo
    playable = [p for p in geo.provinces.values() if p.terrain != "impassable"]
    assert len(playable) == 75
    assert len(geo.supply_centres) == 34
    assert sum(len(h) for h in v.rules.homes.values()) == 22
    assert {p for p, prov in geo.provinces.items() if prov.coasts} == {"spa", "stp", "bul"}
    assert geo.locations["bul"] == ("bul/ec", "bul/sc")
    assert len(v.start.units) == 22
    assert v.start.owners["stp"] == "RUSSIA"



def test_the_map_keeps_its_convoy_borders_and_distances_for_every_rules_on_it() -> None:
    """Worked out once per map, not per Rules: a writer's view is a Rules replace()d from
    the game's, and a compiled Rules (setup.py) would recompute a cached_property at every
    access (issue #18: legality and the resolver ask for the borders at every convoy)."""
    rules = load_variant("standard").rules
    view = replace(rules, unseen=None, may_order=rules.may_order)
    assert view.convoy_adjacency is rules.convoy_adjacency is rules.convoy_adjacency
    assert view.distances is rules.distances is rules.distances
    # The Channel borders the seas and coasts an army may be convoyed between.
    assert {"lon", "bre", "nth", "iri", "mao"} <= rules.convoy_adjacency["eng"]
    assert rules.distances["par"]["par"] == 0 and rules.distances["par"]["mos"] == 5

@pytest.mark.parametrize(
    ("a", "b", "graph", "adjacent"),
    [
        ("nwy", "stp", "army", True),  # DATC 4: Norway-St Petersburg for armies...
        ("nwy", "stp/nc", "fleet", True),  # ...and for fleets
        ("lvp", "nao", "fleet", True),
        ("cly", "iri", "fleet", False),
        ("rom", "ven", "army", True),
        ("rom", "ven", "fleet", False),  # DATC 6.A.9
        ("gas", "spa/nc", "fleet", True),
        ("gas", "spa/sc", "fleet", False),
        ("mao", "spa/sc", "fleet", True),
        ("con", "smy", "fleet", True),
        ("ank", "smy", "fleet", False),
        ("kie", "bal", "fleet", True),
        ("kie", "nth", "fleet", False),
    ],
)
def test_borders(a: str, b: str, graph: str, adjacent: bool) -> None:
    graphs = load_variant("standard").rules.geo.graphs[graph]
    assert (b in graphs.get(a, ())) is adjacent
    assert (a in graphs.get(b, ())) is adjacent


def test_every_standard_border_is_symmetric() -> None:
    for edges in load_variant("standard").rules.geo.graphs.values():
        for a, near in edges.items():
            assert all(a in edges[b] for b in near)


def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "standard"
    shutil.copytree(STANDARD, folder)
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("borders.csv", "adr,alb,fleet", "adr,alb,fleet\nalb,adr,fleet", "listed twice"),
        ("borders.csv", "adr,alb,fleet", "adr,xyz,fleet", "unknown location 'xyz'"),
        ("borders.csv", "adr,alb,fleet", "adr,adr,fleet", "cannot border itself"),
        ("borders.csv", "adr,alb,fleet", "spa/nc,alb,army", "army border cannot join a coast"),
        ("borders.csv", "adr,alb,fleet", "adr,spa,fleet", "fleets border its coasts"),
        ("provinces.csv", "swi,Switzerland,impassable", "swi,Switzerland,land",
         "swi cannot be reached"),
        ("provinces.csv", "ank,Ankara,coast,,1,TURKEY", "ank,Ankara,coast,,0,TURKEY",
         "not a supply centre"),
        ("variant.toml", '"F stp/sc"', '"F stp"', "cannot stand on stp"),
        ("variant.toml", '"A bud"', '"A tri"', "two starting units in tri"),
    ],
)
def test_a_broken_map_fails_loudly(tmp_path: Path, file: str, old: str, new: str,
                                   message: str) -> None:
    with pytest.raises(MapError, match=message):
        load_variant_folder(_broken(tmp_path, file, old, new))


def test_a_coast_without_fleet_borders_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "standard"
    shutil.copytree(STANDARD, folder)
    rows = (folder / "borders.csv").read_text().splitlines()
    kept = [r for r in rows if "bul/ec" not in r]
    (folder / "borders.csv").write_text("\n".join(kept) + "\n")
    with pytest.raises(MapError, match="coast bul/ec has no fleet border"):
        load_variant_folder(folder)


def test_unknown_variant_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="standard"):
        load_variant("no-such-variant")


def test_start_units_stand_in_their_home_centres() -> None:
    v = load_variant("standard")
    for unit in v.start.units:
        assert province_of(unit.loc) in v.rules.homes[unit.power]


def test_unknown_rulebook_settings_are_refused(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "variant.toml", "victory_centres = 18",
                     "victory_centres = 18\n[rulebook]\nsecret_envoy = true")
    with pytest.raises(MapError, match=r"unknown \[rulebook\] settings \['secret_envoy'\]"):
        load_variant_folder(folder)


def test_starting_ownership_can_differ_from_the_homes(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "variant.toml", 'units = ["F nap", "A rom", "A ven"]',
                     'units = ["F nap", "A rom", "A ven"]\ncentres = ["nap", "rom", "tun"]')
    variant = load_variant_folder(folder)
    assert variant.start.centres_of("ITALY") == ["nap", "rom", "tun"]
    assert "ven" not in variant.start.owners and "ven" in variant.rules.homes["ITALY"]
