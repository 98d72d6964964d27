"""Removals, on which the rules say nothing: rule 1, "All of the rules to regular Diplomacy
apply", and the Diplomacy of um01's day (the 1971 and 1982 rulebooks) removes in civil
disorder the unit farthest from its country's home supply centres; the page's reading
(docs/variants/algernon.md, "Removals") said so while the judge counted from the nearest
centre owned (DATC 4.D.8, the 2023 rules). The game's option `removal_distance` chooses;
`home` is the default. Nobody orders in an Algernon Winter (I.C), so every removal is the
judge's.

Worked by hand on the demonstration maze (variants/algernon/demo.maze): BRAVO's homes are
PW, QV and WG; he owns PW and the neutral BN and has rats in PW, HB and MK, one too many.
Counted in portals: HB is 2 from his nearest home (HB-BN-WG) but 1 from BN, which he owns;
MK is 1 from QV, his home, but 2 from the nearest centre he owns (MK-VT-PW, MK-VT-BN).
So `home` removes HB and `owned` removes MK; PW is 0 from both."""

from __future__ import annotations

import pytest

from judge.engine.orders import Disband
from judge.engine.rulebook import RemovalDistance
from judge.game.instance import variant_instance
from judge.variant import with_rulebook
from judge.variant_loader import load_variant
from tests.variants.algernon.scenario import A, B, at, board, demo
from variants.algernon.builds import ListedBuilds
from variants.algernon.maze import world_of

OWNERS = {"dl": A, "mn": A, "pz": A, "qv": A, "wg": A, "pw": B, "bn": B}


def _removed(**choices: str) -> list[str]:
    rules = with_rulebook(load_variant("algernon"), **choices).rules
    winter = board({A: ["DL"], B: ["PW", "HB", "MK"]}, "W1901A", OWNERS)
    out = ListedBuilds().adjudicate(rules, winter, {})
    assert at(out.position)[B] == sorted({"PW", "HB", "MK"} - {
        r.order.loc.upper() for r in out.results if isinstance(r.order, Disband)})
    return [r.order.loc.upper() for r in out.results
            if isinstance(r.order, Disband) and r.power == B]


def test_by_default_the_rat_farthest_from_a_home_is_removed() -> None:
    assert _removed() == ["HB"]


@pytest.mark.parametrize(("choice", "gone"), [("home", "HB"), ("owned", "MK")])
def test_the_games_option_chooses_the_reading(choice: str, gone: str) -> None:
    assert _removed(removal_distance=choice) == [gone]


def test_a_game_chooses_it_at_create() -> None:
    """CREATE ... algernon removal_distance=owned: the game's rules count from owned
    centres; without the option, from the homes."""
    options = {"players": 2}
    world = world_of(demo())
    assert variant_instance("algernon", options, 1, world).rules.rulebook.removal_distance \
        == RemovalDistance.HOME
    chosen = variant_instance("algernon", {**options, "removal_distance": "owned"}, 1, world)
    assert chosen.rules.rulebook.removal_distance == RemovalDistance.OWNED
