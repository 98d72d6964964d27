"""Army/Fleets beyond the rules' examples (shared/rules/1885-iii.txt l.29-60), on the
regular board (the rules' own, l.29-31) unless 1885-III's map is the point."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from judge.game.instance import variant_instance
from judge.protocol import handle

from .board import REGULAR, V1885, dislodged, move, result, standing


def test_embarkation_never_fails_though_the_fleet_is_attacked() -> None:
    # l.39-42: embarkations are adjudicated before the movement and never fail; the A/F
    # dislodged is the army's fate too.
    out = move(REGULAR, ["ENGLAND A lon", "ENGLAND F eng", "FRANCE F bre", "FRANCE F mao"],
               {"ENGLAND": ["A Lon boards F Eng"],
                "FRANCE": ["F Bre - Eng", "F Mao S F Bre - Eng"]})
    assert result(out, "ENGLAND", "Embark").outcome == Outcome.SUCCEEDS
    assert "ENGLAND AF eng" in dislodged(out)
    assert "ENGLAND A lon" not in standing(out)


def test_an_army_boards_only_its_own_fleet_next_to_it() -> None:
    out = move(REGULAR, ["ENGLAND A lon", "FRANCE F eng", "ENGLAND A yor", "ENGLAND F mao"],
               {"ENGLAND": ["A Lon boards Eng", "A Yor boards Mao"]})
    assert result(out, "ENGLAND", "loc='lon'").outcome == Outcome.ILLEGAL
    assert result(out, "ENGLAND", "loc='yor'").outcome == Outcome.ILLEGAL
    assert standing(out) == {"ENGLAND A lon", "FRANCE F eng", "ENGLAND A yor", "ENGLAND F mao"}


def test_an_army_fleet_carries_its_army_across_many_seas() -> None:
    # l.44-48: a convoy of more than one sea is an A/F's; it moves as a fleet, army aboard.
    out = move(REGULAR, ["ENGLAND AF eng"], {"ENGLAND": ["A/F Eng - Mao"]})
    assert standing(out) == {"ENGLAND AF mao"}


def test_an_army_fleet_never_enters_a_coast() -> None:
    # l.49-50: "it may never enter a coastal province".
    out = move(REGULAR, ["ENGLAND AF eng"], {"ENGLAND": ["A/F Eng - Bre"]})
    assert result(out, "ENGLAND", "Move").outcome == Outcome.ILLEGAL
    assert standing(out) == {"ENGLAND AF eng"}


def test_an_army_fleet_has_a_fleets_strength_and_may_be_supported() -> None:
    # l.48-49: "the same combat value as a single fleet and may attack, support and be
    # supported".
    out = move(REGULAR, ["ENGLAND AF eng", "ENGLAND F iri", "FRANCE F mao"],
               {"ENGLAND": ["A/F Eng - Mao", "F Iri S A/F Eng - Mao"], "FRANCE": ["F Mao H"]})
    assert standing(out) == {"ENGLAND AF mao", "ENGLAND F iri"}
    assert "FRANCE F mao" in dislodged(out)


def test_an_army_fleet_supports_into_a_coast() -> None:
    # l.49-50: "An A/F may support operations in coastal provinces".
    out = move(REGULAR, ["FRANCE AF eng", "FRANCE A pic", "ENGLAND A bel"],
               {"FRANCE": ["A/F Eng S A Pic - Bel", "A Pic - Bel"]})
    assert "ENGLAND A bel" in dislodged(out)


def test_an_army_fleet_may_not_fast_ferry() -> None:
    # l.49: "it may not FF".
    out = move(REGULAR, ["ENGLAND AF nth", "ENGLAND A yor"],
               {"ENGLAND": ["A/F Nth C A Yor - Nwy", "A Yor - Nwy"]})
    assert result(out, "ENGLAND", "Convoy").outcome == Outcome.ILLEGAL
    assert "ENGLAND A yor" in standing(out)


def test_a_landing_is_independent_of_the_fleet_dislodged() -> None:
    # l.58-60: "If an A/F attempting to disembark an army ... is dislodged, then the
    # disembarkation will be unaffected"; the fleet retreats without it.
    out = move(REGULAR, ["ITALY AF tys", "FRANCE F lyo", "FRANCE F wes"],
               {"ITALY": ["A/F Tys disembarks Tun"],
                "FRANCE": ["F Lyo - Tys", "F Wes S F Lyo - Tys"]})
    assert "ITALY A tun" in standing(out)
    assert "ITALY F tys" in dislodged(out)


def test_a_landing_fails_against_a_defended_coast_and_the_army_stays_aboard() -> None:
    out = move(REGULAR, ["ITALY AF tys", "FRANCE A tun"],
               {"ITALY": ["A/F Tys disembarks Tun"], "FRANCE": ["A Tun H"]})
    assert standing(out) == {"ITALY AF tys", "FRANCE A tun"}
    assert result(out, "ITALY", "Disembark").outcome == Outcome.FAILS


def test_a_failed_landing_does_not_stop_the_fleets_support() -> None:
    # l.54: "any fleet movement (but not support) will also fail".
    out = move(REGULAR, ["ITALY AF tys", "FRANCE A tun", "ITALY F ion", "TURKEY F nap"],
               {"ITALY": ["A/F Tys disembarks Tun", "A/F Tys S F Ion - Nap", "F Ion - Nap"],
                "FRANCE": ["A Tun H"]})
    assert "ITALY F nap" in standing(out) and "TURKEY F nap" in dislodged(out)
    assert "ITALY AF tys" in standing(out)


def test_a_fast_ferry_is_the_rulebook_convoy_over_one_sea() -> None:
    # l.34-37.
    out = move(REGULAR, ["ENGLAND A yor", "ENGLAND F nth"],
               {"ENGLAND": ["A Yor - Nwy", "F Nth C A Yor - Nwy"]})
    assert standing(out) == {"ENGLAND A nwy", "ENGLAND F nth"}


def test_a_convoy_over_two_seas_is_refused() -> None:
    # l.29-31: "All convoys involving the crossing of more than one sea space will be
    # undertaken by the formation of an Army/Fleet".
    out = move(REGULAR, ["ENGLAND A lon", "ENGLAND F eng", "ENGLAND F mao"],
               {"ENGLAND": ["A Lon - Por", "F Eng C A Lon - Por", "F Mao C A Lon - Por"]})
    assert result(out, "ENGLAND", "loc='eng'").outcome == Outcome.ILLEGAL
    assert "ENGLAND A lon" in standing(out)


def test_a_fast_ferried_army_that_cannot_land_stays_aboard() -> None:
    # l.37-39: "If a fleet attempts to FF an army, but is unable to disembark the army,
    # then the army remains on board the fleet and an A/F is formed".
    out = move(REGULAR, ["ENGLAND A yor", "ENGLAND F nth", "RUSSIA A nwy"],
               {"ENGLAND": ["A Yor - Nwy", "F Nth C A Yor - Nwy"], "RUSSIA": ["A Nwy H"]})
    assert standing(out) == {"ENGLAND AF nth", "RUSSIA A nwy"}


def test_a_fast_ferry_disrupted_leaves_the_army_at_home() -> None:
    out = move(REGULAR, ["ENGLAND A yor", "ENGLAND F nth", "GERMANY F hel", "GERMANY F ska"],
               {"ENGLAND": ["A Yor - Nwy", "F Nth C A Yor - Nwy"],
                "GERMANY": ["F Hel - Nth", "F Ska S F Hel - Nth"]})
    assert "ENGLAND A yor" in standing(out)
    assert "ENGLAND F nth" in dislodged(out)


def test_a_landing_ahead_is_independent_of_the_fleets_arrival_by_default() -> None:
    # l.32-34: landings are "simultaneous with and independent of whatever happens to the
    # fleet element": the army lands in Portugal from the Mid-Atlantic though its A/F,
    # bounced there, stays in the Channel (a fleet now).
    out = move(V1885, ["ENGLAND A lon", "ENGLAND F eng", "SPAIN F cad"],
               {"ENGLAND": ["A Lon boards F Eng", "A/F Eng - Mao", "A/F Eng disembarks Por"],
                "SPAIN": ["F Cad - Mao"]})
    assert standing(out) == {"ENGLAND A por", "ENGLAND F eng", "SPAIN F cad"}


def test_the_option_on_arrival_lands_only_from_where_the_fleet_arrives() -> None:
    on_arrival = variant_instance("1885", {"landing_ahead": "on_arrival"}, 0)
    out = move(on_arrival, ["ENGLAND A lon", "ENGLAND F eng", "SPAIN F cad"],
               {"ENGLAND": ["A Lon boards F Eng", "A/F Eng - Mao", "A/F Eng disembarks Por"],
                "SPAIN": ["F Cad - Mao"]})
    assert standing(out) == {"ENGLAND AF eng", "SPAIN F cad"}
    landed = move(on_arrival, ["ENGLAND A lon", "ENGLAND F eng"],
                  {"ENGLAND": ["A Lon boards F Eng", "A/F Eng - Mao",
                               "A/F Eng disembarks Por"]})
    assert standing(landed) == {"ENGLAND A por", "ENGLAND F mao"}


def test_an_army_fleet_is_never_built() -> None:
    # Only boarding and a fast ferry make one (l.39-42, 37-39): variant.toml's AF kind is
    # `buildable = false`, and a build naming no kind asks only about armies and fleets.
    reply = handle({"variant": "1885", "phase": "MARB1885A", "units": [],
                    "centers": {"ENGLAND": ["lon", "edi", "lvp"]},
                    "orders": {"ENGLAND": ["Build A/F Lon", "Build AF Edi", "Build Lvp"]}})
    why = {r["order"]: r["reason"] for r in reply["results"]}
    assert why["Build A/F Lon"] == why["Build AF Edi"] == (
        "a unit of the kind army/fleet is never built; build army or fleet")
    assert why["Build Lvp"] == "say which unit to build in lvp: army or fleet"
    assert reply["units"] == []


def test_no_landing_from_a_sea_the_army_fleet_cannot_reach() -> None:
    # The army lands next to the sea its A/F moves to (l.44-48); a move the A/F cannot make
    # (the Channel does not touch the Ionian) takes it to no other sea.
    out = move(REGULAR, ["ITALY AF eng"], {"ITALY": ["A/F Eng - Ion", "A/F Eng disembarks Tun"]})
    assert result(out, "ITALY", "Disembark").outcome == Outcome.ILLEGAL
    assert standing(out) == {"ITALY AF eng"}
