"""1885-III plays "the regular rules of Diplomacy ... as outlined in the 1971 and 1976
Rulebooks" (shared/rules/1885-iii.txt l.1-2; the 1976 edition kept the 1971 rules, DATC
v3.0 section 3): where the editions differ, the 1971 choice, as Envoy's rule 1 is read.
Expected values are the 1971 rulebook's as DATC 4.A.1 a and 4.A.5 a state them."""

from __future__ import annotations

from judge.engine.rulebook import ConvoyDisruption

from .board import V1885, dislodged, move, retreat, standing


def test_the_variant_plays_the_1971_convoy_choices() -> None:
    assert V1885.rules.rulebook.convoy_disruption == ConvoyDisruption.ANY_ROUTE
    assert V1885.rules.rulebook.retreat_to_convoy_origin is False


def test_a_convoy_with_two_routes_fails_when_one_fleet_is_dislodged() -> None:
    # DATC 6.F.9 on 1885-III's map: the North Sea and the Channel each ferry London to
    # Belgium over one sea (a Fast Ferry, l.34-36). 1971 (DATC 4.A.1 a): the Channel's
    # dislodgement disrupts the convoy, so the army stays in London; the 2000 rules would
    # land it in Belgium by the North Sea.
    out = move(V1885, ["ENGLAND A lon", "ENGLAND F nth", "ENGLAND F eng",
                       "FRANCE F bre", "FRANCE F mao"],
               {"ENGLAND": ["A Lon - Bel", "F Nth C A Lon - Bel", "F Eng C A Lon - Bel"],
                "FRANCE": ["F Bre - Eng", "F Mao S F Bre - Eng"]})
    # A disrupted ferry carried nobody: no A/F is formed in the North Sea.
    assert standing(out) == {"ENGLAND A lon", "ENGLAND F nth", "FRANCE F eng",
                             "FRANCE F mao"}
    assert set(dislodged(out)) == {"ENGLAND F eng"}


def test_no_retreat_to_where_an_army_convoyed_from_a_neighbour_came_from() -> None:
    # DATC 4.A.5 a (the older rulebooks; the 2023 rulebook allows it): Germany's army in
    # Belgium, dislodged by the French army ferried from Picardy, may go to Holland or the
    # Ruhr, not to Picardy; Burgundy holds the supporter.
    out = move(V1885, ["FRANCE A pic", "FRANCE F eng", "FRANCE A bur", "GERMANY A bel"],
               {"FRANCE": ["A Pic - Bel via convoy", "F Eng C A Pic - Bel",
                           "A Bur S A Pic - Bel"],
                "GERMANY": ["A Bel H"]})
    assert "FRANCE A bel" in standing(out)
    assert set(dislodged(out)["GERMANY A bel"].retreats) == {"hol", "ruh"}
    refused = retreat(V1885, out, {"GERMANY": ["A Bel - Pic"]})
    # Picardy is no retreat: by Just's Right-Hand Rule (l.83-87) the army goes to Holland
    # or the Ruhr, never to Picardy.
    assert standing(refused) & {"GERMANY A hol", "GERMANY A ruh"}
    assert "GERMANY A pic" not in standing(refused)
