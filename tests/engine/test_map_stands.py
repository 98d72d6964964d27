"""Islands: a province where a unit kind may stand although no border of its kind leads there
(provinces.csv `stands`; issue #16 item 1, 1885-III l.105-106 "An Army may occupy Azores").

The standard map with an island of Iceland added, touching the North Atlantic and the
Norwegian Sea by sea only: with `stands = A` an army may be convoyed there, stand there and
be convoyed off; without it, no army can be there at all, as on every map that does not
say so."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judge.engine.geo import MapError
from judge.engine.orders import Convoy, Move
from judge.engine.position import Position
from judge.engine.turn import adjudicate
from judge.engine.types import Phase, Unit
from judge.variant import Variant
from judge.variant_loader import load_variant, load_variant_folder
from judge.variant_map import province_to_json, provinces_from_json

STANDARD = Path(__file__).resolve().parents[2] / "variants" / "standard"
ISLAND_BORDERS = "ice,nao,fleet\nice,nwg,fleet\n"


def _with_island(tmp_path: Path, stands: str) -> Path:
    folder = tmp_path / "standard"  # variant.toml says map = "standard": its own folder
    shutil.copytree(STANDARD, folder)
    provinces = (folder / "provinces.csv").read_text().splitlines()
    assert provinces[0] == "id,name,terrain,coasts,supply,home,aliases"
    # Only the island's row has the new column: a shorter row reads as none (the default).
    rows = [provinces[0] + ",stands", *provinces[1:], f"ice,Iceland,coast,,0,,,{stands}"]
    (folder / "provinces.csv").write_text("\n".join(rows) + "\n")
    with open(folder / "borders.csv", "a", encoding="utf-8") as f:
        f.write(ISLAND_BORDERS)
    return folder


def _island(tmp_path: Path, stands: str) -> Variant:
    return load_variant_folder(_with_island(tmp_path, stands))


def test_an_island_takes_an_army_only_where_the_map_says_so(tmp_path: Path) -> None:
    with_army = _island(tmp_path / "a", "A").rules
    without = _island(tmp_path / "b", "").rules
    army, fleet = with_army.kinds["A"], with_army.kinds["F"]
    assert with_army.geo.stand_locations(army, "ice") == ("ice",)
    assert without.geo.stand_locations(without.kinds["A"], "ice") == ()
    # The fleet's own borders are unchanged, and no army border was made.
    assert with_army.geo.stand_locations(fleet, "ice") == ("ice",)
    assert with_army.geo.neighbours(army, "ice") == frozenset()
    assert not with_army.geo.touches(army, "edi", "ice")


def test_no_other_province_of_the_map_changes(tmp_path: Path) -> None:
    island = _island(tmp_path, "A").rules
    standard = load_variant("standard").rules
    for kind in ("A", "F"):
        for prov in standard.geo.provinces:
            assert island.geo.stand_locations(island.kinds[kind], prov) == \
                standard.geo.stand_locations(standard.kinds[kind], prov), (kind, prov)


def _convoy(variant: Variant, army_at: str, to: str, fleet_at: str) -> set[Unit]:
    rules = variant.rules
    position = Position(Phase(1901, "S", "M"), (
        Unit("ENGLAND", "A", army_at), Unit("ENGLAND", "F", fleet_at)), {})
    out = adjudicate(rules, position, {"ENGLAND": [
        Move(army_at, to, "A", via_convoy=True), Convoy(fleet_at, army_at, to)]})
    return set(out.position.units)


def test_an_army_is_convoyed_onto_the_island_and_off_it(tmp_path: Path) -> None:
    island = _island(tmp_path / "a", "A")
    assert Unit("ENGLAND", "A", "ice") in _convoy(island, "edi", "ice", "nwg")
    assert Unit("ENGLAND", "A", "cly") in _convoy(island, "ice", "cly", "nao")
    # Without `stands` the move is refused: the army stays in Edinburgh.
    assert Unit("ENGLAND", "A", "edi") in _convoy(_island(tmp_path / "b", ""), "edi", "ice",
                                                  "nwg")


def _starting_in_iceland(tmp_path: Path, stands: str) -> Variant:
    folder = _with_island(tmp_path, stands)
    toml = folder / "variant.toml"
    toml.write_text(toml.read_text().replace('"A lvp"', '"A ice"'))
    return load_variant_folder(folder)


def test_a_starting_army_on_an_island_needs_stands(tmp_path: Path) -> None:
    assert Unit("ENGLAND", "A", "ice") in _starting_in_iceland(tmp_path / "a", "A").start.units
    with pytest.raises(MapError, match="starting unit A ice cannot stand on ice"):
        _starting_in_iceland(tmp_path / "b", "")


def test_a_map_made_for_a_game_says_who_stands_on_an_island() -> None:
    [island] = provinces_from_json({"provinces": [
        {"id": "ice", "name": "Iceland", "terrain": "coast", "stands": ["a"]}]})
    assert island.stands == frozenset({"A"})


@pytest.mark.parametrize(("old", "new", "message"), [
    ("ice,Iceland,coast,,0,,,A", "ice,Iceland,coast,,0,,,Q", "ice stands: unknown unit kind 'Q'"),
    ("swi,Switzerland,impassable,,0,,switz", "swi,Switzerland,impassable,,0,,switz,A",
     r"swi stands: kind A \(army\) never stands on impassable"),
])
def test_a_stands_entry_that_means_nothing_is_refused(tmp_path: Path, old: str, new: str,
                                                      message: str) -> None:
    path = _with_island(tmp_path, "A") / "provinces.csv"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    with pytest.raises(MapError, match=message):
        load_variant_folder(path.parent)


def test_a_map_s_provinces_go_to_json_and_back_with_their_islands() -> None:
    # A game's own map is stored as JSON (1885-III's kiel_coasts, Engineered on 1885's
    # map): every field, `stands` and `holds` among them, must survive the trip.
    provinces = list(load_variant("1885").rules.geo.provinces.values())
    text = json.dumps({"provinces": [province_to_json(p) for p in provinces]})
    assert provinces_from_json(json.loads(text)) == provinces
    assert any(p.stands for p in provinces) and any(p.holds for p in provinces)
