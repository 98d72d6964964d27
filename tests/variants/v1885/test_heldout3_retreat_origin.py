"""No retreat to where the attacker came from (1971 rules, kept by l.1-2; DATC 6.H.1),
when the attacker came from the High Ocean Box or landed from an A/F's sea: predicted
from shared/rules/1885-iii.txt before they were run. Both failed before the fix: the
engine names such an attacker by a key of its own (`hob#1`, `eng@0`), so the province
it came from was left open."""

from __future__ import annotations

from .board import V1885, dislodged, move, retreat, standing

BOX_ATTACK = (["SPAIN F hob", "FRANCE F hob", "ENGLAND F mao"],
              {"SPAIN": ["F Hob - Mao"], "FRANCE": ["F Hob S F Hob - Mao"],
               "ENGLAND": ["F Mao H"]})


def test_a_fleet_dislodged_from_the_box_may_not_retreat_into_it() -> None:
    # l.101-104: a fleet in the Box supports another's move out of it, which dislodges
    # England's fleet (2 against 1). The Box takes any number of fleets (l.100), but the
    # attack came from there, and the regular rules forbid that retreat; the variant page
    # says so ("unless its attacker came from there").
    out = move(V1885, *BOX_ATTACK)
    gone = dislodged(out)["ENGLAND F mao"]
    assert gone.attacker_from == "hob"
    assert "hob" not in gone.retreats and "nao" in gone.retreats


def test_a_retreat_ordered_into_the_box_the_attack_came_from_is_refused() -> None:
    # l.83-87: a retreat that cannot be carried out is no retreat order; Just's rule then
    # retreats the fleet, never into the Box.
    after = retreat(V1885, move(V1885, *BOX_ATTACK), {"ENGLAND": ["F Mao - Hob"]})
    english = {u for u in standing(after) if u.startswith("ENGLAND")}
    assert len(english) == 1 and "ENGLAND F hob" not in english


LANDING = (["FRANCE F bre", "ENGLAND AF eng", "ENGLAND F mao"],
           {"ENGLAND": ["A/F Eng disembarks Bre", "A/F Eng - Iri", "F Mao S A Eng - Bre"],
            "FRANCE": ["F Bre H"]})


def test_a_unit_dislodged_by_a_landing_may_not_retreat_to_the_sea_it_came_from() -> None:
    # l.51-53: the army lands in Brest (2 against 1) while its fleet sails on to the Irish
    # Sea (the landing succeeded, so the fleet's move may), leaving the Channel empty. The
    # attacker, the army, came from the Channel: France's fleet may not retreat there.
    out = move(V1885, *LANDING)
    assert standing(out) == {"ENGLAND A bre", "ENGLAND F iri", "ENGLAND F mao"}
    gone = dislodged(out)["FRANCE F bre"]
    assert gone.attacker_from == "eng"
    assert set(gone.retreats) == {"bob", "gas", "pic"}


def test_a_retreat_ordered_to_the_landing_s_sea_is_not_carried_out() -> None:
    after = retreat(V1885, move(V1885, *LANDING), {"FRANCE": ["F Bre - Eng"]})
    assert "FRANCE F eng" not in standing(after)


def test_a_landing_does_not_cut_a_support_into_the_sea_it_lands_from() -> None:
    # 1971 rules (l.1-2; DATC 6.D.15): support is cut by an attack from anywhere but the
    # province the support is given into. The army lands on Brest from the Channel, the
    # province France's fleet supports a move into: that support stands unless the landing
    # dislodges the fleet, and 1 against Brest's 1 does not. So the Mid-Atlantic's fleet
    # (2) dislodges the A/F (1), its army aboard, since the landing failed (l.53-55).
    out = move(V1885, ["FRANCE F bre", "FRANCE F mao", "ENGLAND AF eng"],
               {"ENGLAND": ["A/F Eng disembarks Bre"],
                "FRANCE": ["F Bre S F Mao - Eng", "F Mao - Eng"]})
    assert standing(out) == {"FRANCE F bre", "FRANCE F eng"}
    assert set(dislodged(out)) == {"ENGLAND AF eng"}
    assert dislodged(out)["ENGLAND AF eng"].attacker_from == "mao"


def test_a_landing_that_dislodges_the_supporter_cuts_its_support() -> None:
    # The same with Picardy supporting the landing (2 against 1): the supporter is
    # dislodged, its support cut, so the Mid-Atlantic's move bounces off the A/F.
    out = move(V1885, ["FRANCE F bre", "FRANCE F mao", "ENGLAND AF eng", "ENGLAND A pic"],
               {"ENGLAND": ["A/F Eng disembarks Bre", "A Pic S A Eng - Bre"],
                "FRANCE": ["F Bre S F Mao - Eng", "F Mao - Eng"]})
    assert standing(out) == {"ENGLAND A bre", "ENGLAND F eng", "ENGLAND A pic", "FRANCE F mao"}
    assert set(dislodged(out)) == {"FRANCE F bre"}
