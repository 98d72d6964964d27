"""Retreats of A/Fs (shared/rules/1885-iii.txt, "Retreats", l.71-73) and into the Box."""

from __future__ import annotations

from judge.engine.rules import PhaseOutcome

from .board import REGULAR, V1885, dislodged, move, retreat, standing


def _af_dislodged_from_the_channel() -> PhaseOutcome:
    return move(REGULAR, ["ENGLAND AF eng", "FRANCE F bre", "FRANCE F mao"],
                {"FRANCE": ["F Bre - Eng", "F Mao S F Bre - Eng"]})


def test_an_army_fleet_retreating_to_a_coast_becomes_a_fleet() -> None:
    # l.71-72: "If an A/F is forced to retreat to a coastal space, it reverts to a fleet
    # and the army is disbanded."
    out = retreat(REGULAR, _af_dislodged_from_the_channel(), {"ENGLAND": ["A/F Eng - Lon"]})
    assert "ENGLAND F lon" in standing(out)
    assert not {u for u in standing(out) if u.startswith("ENGLAND A")}


def test_an_army_fleet_retreating_to_a_sea_keeps_its_army() -> None:
    out = retreat(REGULAR, _af_dislodged_from_the_channel(), {"ENGLAND": ["A/F Eng - Iri"]})
    assert "ENGLAND AF iri" in standing(out)


def test_a_dislodged_army_retreats_onto_its_fleet() -> None:
    # l.72-73: "An dislodged army may retreat on to an adjacent fleet in a sea space and
    # create an A/F."
    moved = move(REGULAR, ["ENGLAND A bel", "ENGLAND F nth", "FRANCE A pic", "FRANCE A bur"],
                 {"FRANCE": ["A Pic - Bel", "A Bur S A Pic - Bel"]})
    assert "nth" in dislodged(moved)["ENGLAND A bel"].retreats
    out = retreat(REGULAR, moved, {"ENGLAND": ["A Bel - Nth"]})
    assert "ENGLAND AF nth" in standing(out)
    assert "ENGLAND A bel" not in standing(out) and "FRANCE A bel" in standing(out)


def test_a_dislodged_army_does_not_retreat_onto_a_foreign_fleet() -> None:
    moved = move(REGULAR, ["ENGLAND A bel", "GERMANY F nth", "FRANCE A pic", "FRANCE A bur"],
                 {"FRANCE": ["A Pic - Bel", "A Bur S A Pic - Bel"]})
    assert "nth" not in dislodged(moved)["ENGLAND A bel"].retreats


def test_fleets_retreat_into_the_box_together() -> None:
    # l.100-101: the Box holds any number of fleets, so two retreats into it both stand.
    moved = move(V1885, ["SPAIN F mao", "SPAIN F nao", "FRANCE F hob", "ENGLAND F iri",
                         "ENGLAND F cly", "FRANCE F sao", "FRANCE F azo"],
                 {"ENGLAND": ["F Iri - Nao", "F Cly S F Iri - Nao"],
                  "FRANCE": ["F Sao - Mao", "F Azo S F Sao - Mao"]})
    assert set(dislodged(moved)) == {"SPAIN F mao", "SPAIN F nao"}
    out = retreat(V1885, moved, {"SPAIN": ["F Mao - Hob", "F Nao - Hob"]})
    assert {"SPAIN F hob", "FRANCE F hob"} <= standing(out)
    assert sum(1 for r in out.results if r.power == "SPAIN" and r.outcome == "succeeds") == 2
