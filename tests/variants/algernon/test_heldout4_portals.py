"""Held-out (rules18f): two spaces joined by two portals, a maze rule 4 allows ("Spaces
have varying number of portals"; nothing says one portal per pair). Predicted from the
rules before running:

- rule 10, "Players attempting to swap spaces (not allowed)": the spaces are swapped
  whichever portals the rats take, so two rats going through different portals bounce
  as through one;
- rule 1 (the standard head-to-head): with support the stronger gets through whichever
  portal the other took, and the loser may not retreat into the attacker's space even
  through the other portal (DATC 6.H.1's rule: not to the area the attacker came from).

    AA (A's home): 1 -> BB/1, 2 -> BB/2, 3 -> CC/1
    BB (B's home): 1 -> AA/1, 2 -> AA/2, 3 -> CC/2
    CC:            1 -> AA/3, 2 -> BB/3
"""

from __future__ import annotations

from tests.variants.algernon.test_heldout3_adjudicate import A, B, ask, outcomes, where

MAZE = """
AA 1 ALPHA BB/1 BB/2 CC/1
BB 1 BRAVO AA/1 AA/2 CC/2
CC 0 - AA/3 BB/3
"""


def test_a_swap_through_two_different_portals_bounces() -> None:
    reply = ask("S1901M", {A: ["AA"], B: ["BB"]}, {A: ["AA to 1"], B: ["BB to 2"]}, MAZE)
    assert outcomes(reply)["AA to 1"] == ("fails", "bounce")
    assert outcomes(reply)["BB to 2"] == ("fails", "bounce")
    assert where(reply) == {A: ["AA"], B: ["BB"]}


def test_the_supported_rat_wins_and_the_loser_cannot_retreat_into_its_space() -> None:
    # CC supports out of its portal 2 (into BB) the attack AA makes out of portal 1. BB's
    # rat is dislodged; its portals lead to AA twice (the attacker's space) and to CC
    # (occupied): no open portal, it is destroyed.
    reply = ask("S1901M", {A: ["AA", "CC"], B: ["BB"]},
                {A: ["AA to 1", "CC s 2 (AA to 1)"], B: ["BB to 2"]}, MAZE)
    assert outcomes(reply)["AA to 1"] == ("succeeds", None)
    assert outcomes(reply)["BB to 2"] == ("fails", "bounce")
    assert outcomes(reply)["BB destroyed"] == ("succeeds", "no open portal to retreat through")
    assert where(reply) == {A: ["BB", "CC"]}


def test_two_of_one_player_s_rats_into_one_space_both_bounce() -> None:
    # Rule 1 (a standoff): AA through portal 1 and CC through portal 2 both into empty
    # BB, one strength each.
    reply = ask("S1901M", {A: ["AA", "CC"]}, {A: ["AA to 1", "CC to 2"]}, MAZE)
    assert outcomes(reply)["AA to 1"] == ("fails", "bounce")
    assert outcomes(reply)["CC to 2"] == ("fails", "bounce")
    assert where(reply) == {A: ["AA", "CC"]}
