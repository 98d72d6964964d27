"""Owners for areas that are not supply centres (issue #12, item 9: Global Diplomacy owns
land and coastal areas): they count for nothing where centres count, and are no build
site."""

from __future__ import annotations

from dataclasses import replace

from judge.engine.adjustments import adjustment_counts, build_sites
from judge.engine.position import Position, centres_by_power
from judge.engine.rulebook import BuildSites
from judge.engine.rules import most_centres_wins
from judge.engine.types import Phase, Unit
from judge.reports.views import holdings
from judge.variant_loader import load_variant

RULES = load_variant("standard").rules
FRANCE = {"par": "FRANCE", "mar": "FRANCE", "bre": "FRANCE"}
# Burgundy, Gascony and Picardy are land without a centre.
AREAS = {"bur": "FRANCE", "gas": "FRANCE", "pic": "FRANCE"}


def winter(owners: dict[str, str]) -> Position:
    return Position(Phase.parse("W1901A"), (Unit("FRANCE", "A", "par"),), dict(owners))


def test_owned_areas_are_not_counted_as_centres() -> None:
    with_areas = winter({**FRANCE, **AREAS})
    assert RULES.geo.centre_counts(with_areas.owners) == {"FRANCE": 3}
    assert adjustment_counts(RULES, with_areas) == adjustment_counts(RULES, winter(FRANCE)) \
        == {"FRANCE": 2}
    assert RULES.geo.owned_centres(with_areas.owners, "FRANCE") == ["bre", "mar", "par"]


def test_an_owned_area_is_no_build_site() -> None:
    anywhere = replace(RULES, rulebook=replace(RULES.rulebook, build_sites=BuildSites.ANY_OWNED))
    assert build_sites(anywhere, winter({**FRANCE, **AREAS}), "FRANCE") == ["bre", "mar"]


def test_owned_areas_win_nothing() -> None:
    # 18 areas owned, 3 centres: no solo.
    areas = {p: "FRANCE" for p in sorted(set(RULES.geo.provinces) - RULES.geo.supply_centres)
             [:18]}
    assert most_centres_wins(RULES, winter({**FRANCE, **areas})) == ()


def test_what_tells_centres_lists_only_centres() -> None:
    owned = winter({**FRANCE, **AREAS})
    centres = RULES.geo.supply_centres
    assert owned.centres_of("FRANCE", centres) == ["bre", "mar", "par"]
    assert owned.centres_of("FRANCE") == ["bre", "bur", "gas", "mar", "par", "pic"]
    assert centres_by_power(owned.owners, centres) == {"FRANCE": ["bre", "mar", "par"]}
    [france] = holdings(load_variant("standard"), owned)
    assert (france.count, france.centres) == (3, ("Brest", "Marseilles", "Paris"))
