"""Rule 5: "The movement and conflict rules for diplomats are the same as for regular
units except for the following" (5.i-v), so DATC's standard cases hold for diplomats among
themselves. Each scenario is a DATC case moved onto the diplomat map (docs/variants/envoy.md:
Belgium, Holland, Denmark, Norway, the Helgoland Bight and the Skagerrak all border each
other, the North Sea being no space, 5.iii), every power played so that no country is
neutral; each expectation is the DATC's for the original, a dislodged diplomat eliminated
(5.iv)."""

from __future__ import annotations

from collections import Counter

from judge.engine.outcome import Outcome
from tests.variants.envoy.test_movement import board, result, run


def test_two_diplomats_cannot_swap_places() -> None:
    """DATC 6.C.3 (a swap without a convoy): "the armies are not able to swap places";
    diplomats are never convoyed (5.i needs none), so theirs is a head-to-head, 1 against
    1: neither moves."""
    turn = run(["FRANCE D bel", "GERMANY D hol"],
               {"FRANCE": ["D Bel - Hol"], "GERMANY": ["D Hol - Bel"]})
    assert result(turn, "bel").outcome == Outcome.FAILS
    assert result(turn, "hol").outcome == Outcome.FAILS
    assert board(turn) == Counter({"FRANCE D bel": 1, "GERMANY D hol": 1})


def test_three_diplomats_rotate() -> None:
    """DATC 6.C.1 (three units can change place, provided nobody moves in against them)."""
    turn = run(["FRANCE D bel", "GERMANY D hol", "ENGLAND D den"],
               {"FRANCE": ["D Bel - Hol"], "GERMANY": ["D Hol - Den"],
                "ENGLAND": ["D Den - Bel"]})
    assert all(result(turn, loc).outcome == Outcome.SUCCEEDS for loc in ("bel", "hol", "den"))
    assert board(turn) == Counter({"FRANCE D hol": 1, "GERMANY D den": 1, "ENGLAND D bel": 1})


def test_a_rotation_with_one_move_bounced_stands_still() -> None:
    """DATC 6.C.4-style: a fourth diplomat moving into the rotation's Denmark bounces
    Holland's move there; the cycle is broken and nobody moves."""
    turn = run(["FRANCE D bel", "GERMANY D hol", "ENGLAND D den", "RUSSIA D swe"],
               {"FRANCE": ["D Bel - Hol"], "GERMANY": ["D Hol - Den"],
                "ENGLAND": ["D Den - Bel"], "RUSSIA": ["D Swe - Den"]})
    assert all(result(turn, loc).outcome == Outcome.FAILS
               for loc in ("bel", "hol", "den", "swe"))
    assert board(turn) == Counter({"FRANCE D bel": 1, "GERMANY D hol": 1,
                                   "ENGLAND D den": 1, "RUSSIA D swe": 1})


def test_a_diplomats_support_is_cut_by_another_players_diplomat() -> None:
    """DATC 6.D.1's counterpart (a support cut): Germany's Norway moves into France's
    supporting Belgium, so Holland's move on Denmark is 1 against 1 and fails."""
    turn = run(["FRANCE D bel", "FRANCE D hol", "ENGLAND D den", "GERMANY D nwy"],
               {"FRANCE": ["D Bel S D Hol - Den", "D Hol - Den"], "ENGLAND": ["D Den H"],
                "GERMANY": ["D Nwy - Bel"]})
    assert result(turn, "bel").outcome == Outcome.FAILS  # cut
    assert result(turn, "hol").outcome == Outcome.FAILS
    assert board(turn)["ENGLAND D den"] == 1


def test_a_beleaguered_diplomat_stays() -> None:
    """DATC 6.E.13-style (three single attacks, none stronger): England's diplomat in
    Belgium, attacked by France's from Holland and Germany's from Denmark, stays; the two
    attackers stand each other off."""
    turn = run(["ENGLAND D bel", "FRANCE D hol", "GERMANY D den"],
               {"ENGLAND": ["D Bel H"], "FRANCE": ["D Hol - Bel"], "GERMANY": ["D Den - Bel"]})
    assert result(turn, "hol").outcome == Outcome.FAILS
    assert result(turn, "den").outcome == Outcome.FAILS
    assert board(turn)["ENGLAND D bel"] == 1


def test_a_dislodged_diplomat_has_no_effect_on_its_attackers_space() -> None:
    """DATC 6.E.1: "the dislodged unit has no effect on the attacker's area" (only for a
    head-to-head loser, 4.A.7): France's stack of two from Belgium beats Germany's lone
    diplomat moving the other way, which is eliminated (5.iv), and England's diplomat from
    Denmark enters the Belgium France left."""
    turn = run(["FRANCE D bel", "FRANCE D bel", "GERMANY D hol", "ENGLAND D den"],
               {"FRANCE": ["D Bel - Hol"], "GERMANY": ["D Hol - Bel"],
                "ENGLAND": ["D Den - Bel"]})
    assert result(turn, "den").outcome == Outcome.SUCCEEDS
    assert board(turn) == Counter({"FRANCE D hol": 2, "ENGLAND D bel": 1})
