"""rn45 C7's fighters at DATC corners not yet locked, predicted from the rules before they
were run (all agreed with the judge): C0 plays the 1971 rules where C7 is silent."""

from __future__ import annotations

from judge.game.instance import variant_instance
from judge.variant import Variant

from .scenario import board, result, run

COMPLEX: Variant = variant_instance("engineered", {"level": "complex"}, 0)


def test_a_fighter_s_move_cuts_an_army_s_support() -> None:
    # 1971 rules: support is cut by an attack on the supporter from anywhere but the area
    # the support goes into, whatever the attack's strength; 7d makes the fighter's move 0,
    # not no attack. Bud's support of Vienna is cut; Vienna still holds (1 against 1).
    turn = run(["RUS F gal", "AUS A bud", "AUS A vie", "RUS A boh"],
               {"RUS": ["F Gal - Bud", "A Boh - Vie"], "AUS": ["A Bud S A Vie", "A Vie H"]},
               phase="S1902M", variant=COMPLEX)
    assert result(turn, "AUS", "bud").reason == "cut"
    assert board(turn) == {"RUS F gal", "AUS A bud", "AUS A vie", "RUS A boh"}


def test_the_cut_support_lets_a_supported_attack_through() -> None:
    # The same with Vienna attacked by two (Bohemia supported from Tyrolia): 2 against 1.
    turn = run(["RUS F gal", "AUS A bud", "AUS A vie", "RUS A boh", "RUS A tyr"],
               {"RUS": ["F Gal - Bud", "A Boh - Vie", "A Tyr S A Boh - Vie"],
                "AUS": ["A Bud S A Vie", "A Vie H"]}, phase="S1902M", variant=COMPLEX)
    assert "RUS A vie" in board(turn)
    assert {d.unit.loc for d in turn.position.dislodged} == {"vie"}


def test_damage_at_a_convoying_navy_does_not_disrupt_the_convoy() -> None:
    # 7f: damage cuts supports (of the unit, and its own); a convoy is neither, and only
    # a dislodgement disrupts it (1971 rules): London's army reaches Belgium.
    turn = run(["ENG A lon", "ENG N eng", "FRA F bre"],
               {"ENG": ["A Lon - Bel", "N Eng C A Lon - Bel"], "FRA": ["F Bre D N Eng"]},
               phase="S1902M", variant=COMPLEX)
    assert board(turn) == {"ENG A bel", "ENG N eng", "FRA F bre"}


def test_a_dislodged_fighter_retreats_only_to_land_next_to_it() -> None:
    # 1971 rules: a retreat is to an adjacent empty area the unit could move to; a fighter
    # moves only to land (7c), never to sea, and not where the attack came from.
    turn = run(["RUS F sev", "TUR A arm", "TUR N bla"],
               {"TUR": ["A Arm - Sev", "N Bla S A Arm - Sev"]}, phase="S1902M",
               variant=COMPLEX)
    (gone,) = turn.position.dislodged
    assert gone.unit.loc == "sev" and set(gone.retreats) == {"mos", "rum", "ukr"}


def test_two_fighters_exchanging_areas_two_apart_bounce() -> None:
    # 7c lets each fly two areas to a centre of its own country (St Petersburg is
    # Germany's here, Warsaw Russia's); the 1971 rules let no two units exchange places
    # without a convoy, and each, of 0 power (7d), is opposed by the other: both stay.
    owners = {**COMPLEX.start.owners, "stp": "GERMANY"}
    turn = run(["RUS F stp", "GER F war"], {"RUS": ["F Stp - War"], "GER": ["F War - Stp"]},
               phase="S1902M", variant=COMPLEX, owners=owners)
    assert board(turn) == {"RUS F stp", "GER F war"} and not turn.position.dislodged
