"""1885-III scenarios at the meeting of its rules and DATC's corners, predicted from the
rules text (shared/rules/1885-iii.txt) before they were run."""

from __future__ import annotations

from .board import V1885, dislodged, move, retreat, standing


def test_just_s_rule_passes_over_a_standoff_province() -> None:
    # l.83-86 with DATC 6.H.6: Austria's army in Tyrolia, dislodged from Venice, would go
    # first to Piedmont (right of the attack, clockwise), but Piedmont saw a standoff: so
    # the first to the left, Croatia.
    out = move(V1885, ["AUSTRIA A tyr", "ITALY A ven", "GERMANY A mun", "ITALY A tus",
                       "FRANCE A mar"],
               {"ITALY": ["A Ven - Tyr", "A Tus - Pie"], "GERMANY": ["A Mun S A Ven - Tyr"],
                "FRANCE": ["A Mar - Pie"], "AUSTRIA": ["A Tyr H"]})
    assert "pie" not in dislodged(out)["AUSTRIA A tyr"].retreats
    after = retreat(V1885, out, {})
    assert "AUSTRIA A cro" in standing(after)


def test_an_army_fleet_s_support_of_its_own_landing_is_cut_by_an_attack_on_its_sea() -> None:
    # l.55-58: the A/F may support its own landing; as any support (1971 rules) it is cut by
    # an attack on the A/F's sea: 1 against 1, the army stays aboard and the A/F holds.
    out = move(V1885, ["RUSSIA AF bla", "TURKEY A sev", "TURKEY F sin"],
               {"RUSSIA": ["A/F Bla disembarks Sev", "A/F Bla S A Bla - Sev"],
                "TURKEY": ["A Sev H", "F Sin - Bla"]})
    assert standing(out) == {"RUSSIA AF bla", "TURKEY A sev", "TURKEY F sin"}
    assert not dislodged(out)


def test_a_landing_and_a_fleet_coming_the_other_way_both_succeed() -> None:
    # l.58-60: a landing is unaffected by its A/F's dislodgement. Turkey's fleet (2) leaves
    # Sevastopol and dislodges the A/F in the Black Sea; the army, landing with Rumania's
    # support (2), finds Sevastopol empty and lands: the fleet alone retreats.
    out = move(V1885, ["RUSSIA AF bla", "RUSSIA A rum", "TURKEY F sev", "TURKEY F sin"],
               {"RUSSIA": ["A/F Bla disembarks Sev", "A Rum S A Bla - Sev"],
                "TURKEY": ["F Sev - Bla", "F Sin S F Sev - Bla"]})
    assert standing(out) == {"RUSSIA A sev", "RUSSIA A rum", "TURKEY F bla", "TURKEY F sin"}
    assert set(dislodged(out)) == {"RUSSIA F bla"}
