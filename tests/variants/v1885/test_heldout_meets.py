"""1885-III's four-point meets and Copenhagen's waters at DATC's corners (rules18b),
predicted from the rules text (Direct Passage/Four Point Meets, l.74-83; l.106-108)
before they were run. The meets, each four provinces round one point: Hebridean Sea,
Edinburgh, North Sea, Clyde; Valencia, Gulf of Lyon, Western Med., Alboran Sea; Ionian
Sea, Malta Sea, Southern Med., Tripolitania; Tyrrhenian Sea, Sicily, Naples, Ionian Sea."""

from __future__ import annotations

import pytest

from .board import V1885, move, standing


@pytest.mark.parametrize(("units", "orders", "after"), [
    # The two diagonals of each meet cross at its point: "any movement between two such
    # provinces has no effect on movement between the other two" (l.81-82).
    (["SPAIN F val", "FRANCE F lyo"], {"SPAIN": ["F Val - Wes"], "FRANCE": ["F Lyo - Als"]},
     {"SPAIN F wes", "FRANCE F als"}),
    (["ITALY F ion", "TURKEY F mal"], {"ITALY": ["F Ion - Tpl"], "TURKEY": ["F Mal - Sms"]},
     {"ITALY F tpl", "TURKEY F sms"}),
    # Fleets between the Tyrrhenian and Ionian Seas while a fleet goes Sicily-Naples
    # ("this does not prevent Fleets from moving ... between the Tyrrhenian and Ionian").
    (["ITALY F tys", "TURKEY F sic"], {"ITALY": ["F Tys - Ion"], "TURKEY": ["F Sic - Nap"]},
     {"ITALY F ion", "TURKEY F nap"}),
])
def test_moves_crossing_at_a_meets_point_both_succeed(
        units: list[str], orders: dict[str, list[str]], after: set[str]) -> None:
    assert standing(move(V1885, units, orders)) == after


@pytest.mark.parametrize(("units", "orders"), [
    # A swap across a meet is still a head-to-head battle between two neighbours (1971
    # rules; DATC 6.E): both bounce.
    (["ENGLAND F heb", "FRANCE F nth"], {"ENGLAND": ["F Heb - Nth"], "FRANCE": ["F Nth - Heb"]}),
    # The waters round Copenhagen join Jutland and Gothenburg (l.106-108): the same.
    (["SWEDEN F jut", "GERMANY F got"], {"SWEDEN": ["F Jut - Got"], "GERMANY": ["F Got - Jut"]}),
])
def test_a_swap_through_a_meet_or_copenhagens_waters_bounces(
        units: list[str], orders: dict[str, list[str]]) -> None:
    assert standing(move(V1885, units, orders)) == set(units)


def test_a_fast_ferry_through_a_meet_while_fleets_cross_it() -> None:
    # Fleets "may ... convoy to or through any of the adjacent spaces" (l.75-76): the
    # Ionian Sea touches Tripolitania only through the meet, and ferries its army to
    # Greece, one sea (l.34-37), while Italy's fleet crosses the other diagonal.
    out = move(V1885, ["TURKEY A tpl", "TURKEY F ion", "ITALY F mal"],
               {"TURKEY": ["A Tpl - Gre", "F Ion C A Tpl - Gre"], "ITALY": ["F Mal - Sms"]})
    assert standing(out) == {"TURKEY A gre", "TURKEY F ion", "ITALY F sms"}
