"""The 1885-III map (issue #16, the map section) checked against the rules text
(shared/rules/1885-iii.txt, cited by heading): every fact the text states about the board,
the centres, the powers and their starting units, and the names players write. The borders
the text leaves open are choices listed in docs/variants/1885-iii.md; they are not asserted
here, except that every border is symmetric and every coast is on a sea."""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path

import pytest

from judge.engine.orders import Move
from judge.engine.turn import adjudicate
from judge.engine.types import Phase, Unit
from judge.game.instance import variant_instance
from judge.grammar.reader import Writer, reader_for
from judge.variant import Variant
from judge.variant_hooks import make_game_map
from judge.variant_loader import load_variant

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "variants" / "1885"
V = load_variant("1885")
GEO = V.rules.geo
ARMY, FLEET = GEO.kinds["A"], GEO.kinds["F"]

# The nine Great Powers and their home centres: the regular game's, less Trieste and Ankara
# ("there is no Trieste", "there is no Ankara"), with the new ones the rules give each.
HOMES = {
    "AUSTRIA": {"vie", "bud", "clu", "spl"},
    "ENGLAND": {"lon", "edi", "lvp"},
    "FRANCE": {"par", "mar", "bre"},
    "GERMANY": {"ber", "mun", "kie", "dre"},
    "ITALY": {"rom", "nap", "ven"},
    "RUSSIA": {"mos", "war", "stp", "sev", "ark"},
    "SPAIN": {"mad", "cad", "val"},
    "SWEDEN": {"sto", "got", "osl"},
    "TURKEY": {"con", "smy", "sin", "mac"},
}
# The units whose type the rules fix; the choices (Rome, St Petersburg or Sevastopol, Oslo)
# are checked for their places and allowed kinds below.
FIXED_UNITS = {
    "AUSTRIA": {"A vie", "A bud", "A clu", "F spl"},
    "ENGLAND": {"F lon", "F edi", "F lvp"},
    "FRANCE": {"F bre", "A mar", "A par"},
    "GERMANY": {"F kie", "A ber", "A mun", "A dre"},
    "ITALY": {"F nap", "A ven"},
    "RUSSIA": {"A war", "A mos", "A sib"},
    "SPAIN": {"A mad", "F cad", "F val"},
    "SWEDEN": {"A sto", "F got"},
    "TURKEY": {"A con", "A smy", "F sin"},
}
# The neutral centres: the abbreviation list's starred new provinces that no power owns, and
# the regular board's neutrals that 1885 keeps (the two it drops are a documented choice).
NEW_NEUTRAL_CENTRES = {"azo", "cop", "egy", "ice", "ire", "mor", "per", "swi", "zar"}

# The rules' list of non-standard abbreviations, as the rules spell them, with the names
# they stand for ("ALB Alboran Sea" is the one clash: see the tokens test).
ABBREVIATIONS = {
    "Alg": "Algeria", "Lap": "Lapland", "Lev": "Levant", "Ara": "Arabia", "Mac": "Macedonia",
    "Ark": "Archangel", "Mad": "Madrid", "ARO": "Arctic Ocean", "MAL": "Malta Sea",
    "Ast": "Asturia", "Mor": "Morocco", "Azo": "Azores", "Nav": "Navarre",
    "BoB": "Bay of Biscay", "Osl": "Oslo", "Cad": "Cadiz", "Per": "Persia",
    "Cat": "Catalonia", "RdO": "Rio de Oro", "Clu": "Cluj", "RIG": "Riga Sea",
    "Cop": "Copenhagen", "RED": "Red Sea", "Cou": "Courland", "Sib": "Siberia",
    "Cro": "Croatia", "Sic": "Sicily", "Dre": "Dresden", "Sin": "Sinope", "Egy": "Egypt",
    "SAO": "South Atlantic", "Got": "Gothenburg", "SMS": "Southern Mediterranean",
    "HEB": "Hebridean Sea", "Spl": "Split", "HOB": "High Ocean Box", "Sto": "Stockholm",
    "Ice": "Iceland", "Sud": "Sudan", "IND": "Indian Ocean", "Swa": "Swabia",
    "Ire": "Ireland", "Swi": "Switzerland", "Jäm": "Jämtland", "Tri": "Tripolitania",
    "Jut": "Jutland", "Val": "Valencia", "Zar": "Zara",
}


def fleets_touch(a: str, b: str) -> bool:
    return b in GEO.neighbours(FLEET, a)


def armies_touch(a: str, b: str) -> bool:
    return b in GEO.neighbours(ARMY, a)


def place(text: str) -> str:
    """The location an order names, read as a player's order line is."""
    move = reader_for(V).read(f"F {text} - nth", "M", Writer("ENGLAND"))
    assert isinstance(move, Move)
    return move.loc


def test_borders_are_listed_once_and_every_graph_is_symmetric() -> None:
    with open(FOLDER / "borders.csv", newline="", encoding="utf-8") as f:
        pairs = [frozenset((r["a"], r["b"])) for r in csv.DictReader(f)]
    assert [p for p, n in Counter(pairs).items() if n > 1] == []
    for graph in GEO.graphs.values():
        for loc, near in graph.items():
            assert all(loc in graph[other] for other in near), loc


def test_every_coast_is_on_a_sea_and_no_province_has_two_coasts() -> None:
    for p in GEO.provinces.values():
        assert p.coasts == ()      # "There are no two-coasted provinces in this variant."
        if p.terrain == "coast":
            seas = {n for n in GEO.neighbours(FLEET, p.id) if GEO.provinces[n].terrain == "sea"}
            assert seas, f"{p.id} is a coast on no sea"


def test_47_centres_nine_powers_and_their_home_centres() -> None:
    assert len(GEO.supply_centres) == 47
    assert set(V.rules.powers) == set(HOMES)
    assert {power: set(homes) for power, homes in V.rules.homes.items()} == HOMES
    counts = {power: len(homes) for power, homes in HOMES.items()}
    assert {p for p, n in counts.items() if n == 4} == {"AUSTRIA", "GERMANY", "TURKEY"}
    assert counts["RUSSIA"] == 5
    neutral = GEO.supply_centres - set().union(*HOMES.values())
    assert neutral >= NEW_NEUTRAL_CENTRES and len(neutral) == 15
    # Special Characteristics: Sicily builds for Italy but is no supply centre (no star in
    # the abbreviation list); Ireland, Portugal and Persia are neutral centres.
    assert "sic" not in GEO.supply_centres
    assert {"ire", "por", "per"} <= neutral


def test_no_trieste_no_ankara_and_switzerland_passable() -> None:
    names = {p.name for p in GEO.provinces.values()}
    assert not names & {"Trieste", "Ankara", "Spain", "Sweden", "Norway", "Denmark",
                        "North Africa"}
    assert GEO.provinces["swi"].terrain == "land" and "swi" in GEO.supply_centres


def _units(variant: Variant) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for u in variant.start.units:
        out.setdefault(u.power, set()).add(f"{u.kind} {u.loc}")
    return out


def test_the_31_starting_units_of_the_rules() -> None:
    units = _units(V)
    assert sum(len(us) for us in units.values()) == 31
    for power, fixed in FIXED_UNITS.items():
        assert fixed <= units[power], power
    assert units["ITALY"] - FIXED_UNITS["ITALY"] in ({"A rom"}, {"F rom"})
    assert units["SWEDEN"] - FIXED_UNITS["SWEDEN"] in ({"A osl"}, {"F osl"})
    # Russia: one of the regular fleets of St Petersburg and Sevastopol becomes an army.
    assert units["RUSSIA"] - FIXED_UNITS["RUSSIA"] in ({"A stp", "F sev"}, {"F stp", "A sev"})
    # "There is no unit in Macedonia SC at start of the game."
    assert not any(u.loc == "mac" for u in V.start.units)
    counts = {power: len(us) for power, us in units.items()}
    assert counts == {p: 4 if p in ("AUSTRIA", "GERMANY") else 5 if p == "RUSSIA" else 3
                      for p in HOMES}


@pytest.mark.parametrize("meet", [("heb", "edi", "nth", "cly"), ("val", "lyo", "wes", "als"),
                                  ("ion", "mal", "sms", "tpl"), ("tys", "sic", "nap", "ion")])
def test_four_point_meets_let_fleets_pass_between_any_two(meet: tuple[str, ...]) -> None:
    # Direct Passage/Four Point Meets: fleets "may move, support or convoy to or through
    # any of the adjacent spaces".
    for a in meet:
        assert all(fleets_touch(a, b) for b in meet if b != a), a


def test_moves_across_a_four_point_meet_do_not_meet() -> None:
    # "any movement between two such provinces has no effect on movement between the other
    # two": both crossings of each meet succeed in the same move.
    units = (Unit("ENGLAND", "F", "heb"), Unit("ENGLAND", "F", "nth"),
             Unit("ITALY", "A", "nap"), Unit("ITALY", "F", "tys"))
    orders = {"ENGLAND": [Move("heb", "edi", "F"), Move("nth", "cly", "F")],
              "ITALY": [Move("nap", "sic", "A"), Move("tys", "ion", "F")]}
    january = V.start._replace(units=units, phase=Phase.parse("JAN1885M"))
    result = adjudicate(V.rules, january, orders)
    assert {u.loc for u in result.position.units} == {"edi", "cly", "sic", "ion"}


def test_naples_and_sicily_for_armies_tyrrhenian_and_ionian_for_fleets() -> None:
    assert armies_touch("nap", "sic") and fleets_touch("tys", "ion")


def test_copenhagen_jutland_and_gothenburg_share_the_waters_round_copenhagen() -> None:
    for a, b in (("cop", "jut"), ("cop", "got"), ("jut", "got")):
        assert fleets_touch(a, b), (a, b)


def test_the_suez_canal_is_in_egypt() -> None:
    # A fleet between the Southern Mediterranean and the Red Sea stays a turn in Egypt.
    assert fleets_touch("sms", "egy") and fleets_touch("egy", "red")
    assert not fleets_touch("sms", "red")


def test_egypt_touches_arabia_and_the_red_sea_not_the_levant() -> None:
    assert armies_touch("egy", "ara")
    assert "lev" not in GEO.province_graph()["red"]


def test_the_high_ocean_box() -> None:
    box = GEO.provinces["hob"]
    assert box.terrain == "sea" and box.holds == frozenset({"F", "AF", "A"})
    # and A/Fs (l.104-105), and an army retreating onto its fleet there (l.72-73): "a move
    # to the Box can never fail" (l.100-101); no army stands at sea.
    assert GEO.stand_locations(ARMY, "hob") == ()
    # "connects the North, Mid and South Atlantic Ocean spaces with the Red Sea and Indian
    # Ocean spaces"; the Azores beside it are a documented choice.
    assert GEO.province_graph()["hob"] - {"azo"} == {"nao", "mao", "sao", "red", "ind"}
    # "An Army may occupy Azores", and it is no convoy route (fleets convoy only at sea).
    assert GEO.provinces["azo"].terrain == "coast" and "coast" not in FLEET.convoys_in
    assert GEO.stand_locations(ARMY, "azo") == ("azo",)


def test_armies_stand_on_the_islands_that_no_army_border_reaches() -> None:
    # l.105-106 "An Army may occupy Azores"; Ireland England's build site (l.27-29) and
    # Iceland, land centres both, as any land of the regular rules: every province of land
    # without an army border is an island an army stands on (provinces.csv `stands`).
    army_graph = GEO.graphs["army"]
    islands = {p.id for p in GEO.provinces.values()
               if p.terrain in ARMY.terrains and p.id not in army_graph}
    assert islands == {"azo", "ire", "ice"}
    assert {p.id for p in GEO.provinces.values() if p.stands} == islands
    for island in islands:
        assert GEO.stand_locations(ARMY, island) == (island,)
        assert GEO.neighbours(ARMY, island) == frozenset()


@pytest.mark.parametrize("abbreviation", sorted(ABBREVIATIONS))
def test_the_rules_abbreviations_read_as_their_provinces(abbreviation: str) -> None:
    assert GEO.name(place(abbreviation)) == ABBREVIATIONS[abbreviation]


def test_names_that_clash_when_case_is_ignored_get_distinct_tokens() -> None:
    # ALB (Alboran Sea) and Alb (Albania) are one word to a reader that ignores case; Tri
    # was Trieste on the regular board. Each gets a token of its own.
    assert place("alb") == "alb" and GEO.name("alb") == "Albania"
    assert place("als") == place("Alboran") == place("Alboran Sea") == "als"
    assert place("tpl") == "tpl" and "tri" not in GEO.provinces


@pytest.mark.parametrize(("spellings", "loc"), [
    (("Jäm", "Jam", "Jämtland", "Jamtland", "JÄM"), "jam"),
    (("Hebrides", "Hebrides Sea", "Hebridean", "Hebridean Sea"), "heb"),
    (("Gulf of Lions", "Lions", "Gulf of Lyon", "Lyon"), "lyo"),
    (("Malta", "Malta Sea"), "mal"),
    (("Tripoli", "Tripolitania"), "tpl"),
    (("Southern Med", "Southern Med.", "Western Med."), None),
])
def test_the_rules_spelling_variants_are_understood(spellings: tuple[str, ...],
                                                    loc: str | None) -> None:
    found = {place(s) for s in spellings}
    assert found == ({loc} if loc else {"sms", "wes"})


def test_kiel_with_two_coasts_is_a_game_option() -> None:
    assert make_game_map(V, {}, 7) is None
    world = make_game_map(V, {"kiel_coasts": True}, 7)
    purist = variant_instance("1885", {"kiel_coasts": True}, 7, world)
    geo = purist.rules.geo
    assert geo.provinces["kie"].coasts == ("ec", "wc")
    assert "F kie/ec" in _units(purist)["GERMANY"]
    assert geo.neighbours(FLEET, "kie/wc") == {"hel", "hol", "jut"}
    assert geo.neighbours(FLEET, "kie/ec") == {"bal", "ber", "jut"}
    # Without the canal a fleet no longer passes from the Helgoland Bight to the Baltic
    # through Kiel; on the default map it does.
    assert {"hel", "bal"} <= GEO.neighbours(FLEET, "kie")
    assert geo.neighbours(ARMY, "kie") == GEO.neighbours(ARMY, "kie")
    others = {p for p in GEO.provinces if p != "kie"}
    assert {p: geo.provinces[p] for p in others} == {p: GEO.provinces[p] for p in others}


def test_the_clockwise_order_lists_each_province_s_neighbours_once() -> None:
    with open(FOLDER / "clockwise.csv", newline="", encoding="utf-8") as f:
        order = {r["id"]: r["clockwise"].split() for r in csv.DictReader(f)}
    graph = GEO.province_graph()
    assert set(order) == set(GEO.provinces)
    for pid, around in order.items():
        assert len(around) == len(set(around)) and set(around) == graph[pid], pid


def _spoken(name: str) -> str:
    """A name as running text writes it: "the Hebridean" Sea, "the Gulf of Lyon"."""
    return re.sub(r" (Sea|Ocean)$", "", name)


def test_the_players_page_names_every_border_the_map_adds_or_drops() -> None:
    # Each border the regular board lacks, and each of its borders between two provinces
    # 1885 keeps that 1885 drops, is either a fact of the text or a choice; the page
    # (docs/variants/1885-iii.md) names both ends of each in one item of its two lists, so a
    # border added to the data without its reason fails here. Sinope is the regular Ankara,
    # Jutland the regular Denmark: their inherited borders are not new.
    renamed = {"ank": "sin", "den": "jut"}
    regular = {frozenset(renamed.get(p, p) for p in (a, b))
               for a, near in load_variant("standard").rules.geo.province_graph().items()
               for b in near}
    page = " ".join((ROOT / "docs" / "variants" / "1885-iii.md").read_text().split())
    lists = page[page.index("## What the text settles"):page.index("## Kiel with two coasts")]
    items = re.split(r" (?=- |\*\*)", lists)
    graph = GEO.province_graph()
    borders = {frozenset((a, b)) for a, near in graph.items() for b in near}
    dropped = {pair for pair in regular - borders if pair <= GEO.provinces.keys()}
    unnamed = sorted("-".join(sorted(pair)) for pair in (borders - regular) | dropped
                     if not any(all(_spoken(GEO.name(p)) in item for p in pair) for item in items))
    assert unnamed == []
