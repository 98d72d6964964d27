"""One player's diplomats from different spaces moving into one space (Envoy 5.v: "two
diplomats moving to the same space do so with the strength of two"), worked out by hand.

The reading (docs/variants/envoy.md): a player's moves into one space are one attack whose
strength is the sum of its members' (each its size plus its valid supports); the members
never stop one another and succeed or fail together; they join any of his diplomats that
stay there.
"""

from __future__ import annotations

from collections import Counter

import pytest

from judge.engine.outcome import Outcome, Reason
from tests.variants.envoy.test_movement import board, result, run

BOUNCED = (Outcome.FAILS, Reason.BOUNCED)


def test_two_diplomats_from_two_spaces_both_enter_an_empty_space() -> None:
    # Before 5.v was read this way they bounced each other, as two units of one power do.
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb"], {"AUSTRIA": ["D Aus-Ita", "D Alb-Ita"]})
    assert result(turn, "aus").outcome == Outcome.SUCCEEDS
    assert result(turn, "alb").outcome == Outcome.SUCCEEDS
    assert board(turn) == Counter({"AUSTRIA D ita": 2})


def test_two_against_one_holding_dislodges_and_eliminates_it() -> None:
    # 1 + 1 = 2 against 1: the Italian diplomat is dislodged, so eliminated (5.iv).
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "ITALY D ita"],
               {"AUSTRIA": ["D Aus-Ita", "D Alb-Ita"], "ITALY": ["D Ita H"]})
    held = result(turn, "ita")
    assert (held.outcome, held.reason, held.dislodged) == (Outcome.FAILS, Reason.DISLODGED, True)
    assert board(turn) == Counter({"AUSTRIA D ita": 2})
    assert turn.position.dislodged == ()
    assert str(turn.next_phase) == "F1914M"


def test_two_against_a_stack_of_two_holding_bounce() -> None:
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "ITALY D ita", "ITALY D ita"],
               {"AUSTRIA": ["D Aus-Ita", "D Alb-Ita"]})
    assert result(turn, "aus")[4:6] == BOUNCED
    assert result(turn, "alb")[4:6] == BOUNCED
    assert board(turn) == Counter({"AUSTRIA D aus": 1, "AUSTRIA D alb": 1, "ITALY D ita": 2})


def test_a_stack_and_a_single_diplomat_add_up() -> None:
    # A stack of 2 from Austria and 1 from Albania: 3 against a stack of 2 holding.
    turn = run(["AUSTRIA D aus", "AUSTRIA D aus", "AUSTRIA D alb", "ITALY D ita", "ITALY D ita"],
               {"AUSTRIA": ["D Aus-Ita", "D Alb-Ita"]})
    assert result(turn, "ita").dislodged
    assert board(turn) == Counter({"AUSTRIA D ita": 3})


def test_two_prevent_one_moving_to_the_same_space() -> None:
    # 2 against Turkey's 1 into the empty Ionian: the group enters, Turkey bounces.
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "TURKEY D tur"],
               {"AUSTRIA": ["D Aus-Ion", "D Alb-Ion"], "TURKEY": ["D Tur-Ion"]})
    assert result(turn, "aus").outcome == Outcome.SUCCEEDS
    assert result(turn, "alb").outcome == Outcome.SUCCEEDS
    assert result(turn, "tur")[4:6] == BOUNCED
    assert board(turn) == Counter({"AUSTRIA D ion": 2, "TURKEY D tur": 1})


def test_a_supported_member_makes_three() -> None:
    # 1 + (1 + 1 support) = 3 against a stack of 2 holding.
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "AUSTRIA D ion", "ITALY D ita", "ITALY D ita"],
               {"AUSTRIA": ["D Aus-Ita", "D Alb-Ita", "D Ion S D Alb-Ita"]})
    assert result(turn, "ion").outcome == Outcome.SUCCEEDS
    assert result(turn, "ita").dislodged
    assert board(turn) == Counter({"AUSTRIA D ita": 2, "AUSTRIA D ion": 1})


def test_a_cut_support_of_a_member_leaves_two_which_bounce() -> None:
    # Turkey's attack on the Ionian cuts the support (it does not come from Italy): 2
    # against 2, a bounce; Turkey, 1 against the supporter's 1, bounces too.
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "AUSTRIA D ion", "ITALY D ita", "ITALY D ita",
                "TURKEY D tur"],
               {"AUSTRIA": ["D Aus-Ita", "D Alb-Ita", "D Ion S D Alb-Ita"],
                "TURKEY": ["D Tur-Ion"]})
    assert result(turn, "ion")[4:6] == (Outcome.FAILS, Reason.CUT)
    assert result(turn, "aus")[4:6] == BOUNCED
    assert result(turn, "alb")[4:6] == BOUNCED
    assert result(turn, "tur")[4:6] == BOUNCED
    assert board(turn) == Counter(["AUSTRIA D aus", "AUSTRIA D alb", "AUSTRIA D ion",
                                   "ITALY D ita", "ITALY D ita", "TURKEY D tur"])


def test_a_diplomat_joins_its_players_diplomat_holding() -> None:
    # 5.v: a player may have more than one diplomat in a space; his own do not resist.
    turn = run(["AUSTRIA D aus", "AUSTRIA D ita"], {"AUSTRIA": ["D Aus-Ita", "D Ita H"]})
    assert result(turn, "aus").outcome == Outcome.SUCCEEDS
    held = result(turn, "ita")
    assert (held.outcome, held.dislodged) == (Outcome.SUCCEEDS, False)
    assert board(turn) == Counter({"AUSTRIA D ita": 2})


def test_a_diplomat_joins_its_players_diplomat_that_failed_to_leave() -> None:
    # Austria's Italian diplomat bounces off France (1 against 1) and stays; the one from
    # Austria joins it.
    turn = run(["AUSTRIA D aus", "AUSTRIA D ita", "FRANCE D fra"],
               {"AUSTRIA": ["D Aus-Ita", "D Ita-Fra"]})
    assert result(turn, "ita")[4:6] == BOUNCED
    assert result(turn, "aus").outcome == Outcome.SUCCEEDS
    assert board(turn) == Counter({"AUSTRIA D ita": 2, "FRANCE D fra": 1})


def test_joining_does_not_defend_against_a_stronger_attack() -> None:
    # France's stack of 2 against Austria's holder (1) and Austria's mover (prevent 1):
    # France enters and the holder is eliminated; the mover is prevented by 2 and bounces.
    turn = run(["AUSTRIA D aus", "AUSTRIA D ita", "FRANCE D fra", "FRANCE D fra"],
               {"AUSTRIA": ["D Aus-Ita"], "FRANCE": ["D Fra-Ita"]})
    assert result(turn, "ita").dislodged
    assert result(turn, "aus")[4:6] == BOUNCED
    assert board(turn) == Counter({"FRANCE D ita": 2, "AUSTRIA D aus": 1})


@pytest.mark.parametrize(("french", "after"), [
    # 3 against 2: France enters, Austria bounces.
    (["D Fra-Ita", "D Lyo-Ita", "D Tys-Ita"],
     {"FRANCE D ita": 3, "AUSTRIA D aus": 1, "AUSTRIA D alb": 1}),
    # 2 against 2: both bounce.
    (["D Fra-Ita", "D Lyo-Ita", "D Tys H"],
     {"FRANCE D fra": 1, "FRANCE D lyo": 1, "FRANCE D tys": 1, "AUSTRIA D aus": 1,
      "AUSTRIA D alb": 1}),
])
def test_two_players_groups_into_one_space(french: list[str], after: dict[str, int]) -> None:
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "FRANCE D fra", "FRANCE D lyo", "FRANCE D tys"],
               {"AUSTRIA": ["D Aus-Ita", "D Alb-Ita"], "FRANCE": french})
    assert board(turn) == Counter(after)


def test_a_group_beats_the_unit_moving_into_a_members_space() -> None:
    # Head to head: 2 against Italy's defence of 1 at Italy; Italy's 1 against Albania's
    # own 1 fails. Italy's diplomat is dislodged, so eliminated.
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "ITALY D ita"],
               {"AUSTRIA": ["D Aus-Ita", "D Alb-Ita"], "ITALY": ["D Ita-Alb"]})
    assert result(turn, "ita").dislodged
    assert board(turn) == Counter({"AUSTRIA D ita": 2})


def test_a_supported_unit_beats_the_member_facing_it() -> None:
    # Italy 1 + 1 support = 2 defends Italy against the group's 2; its attack of 2 beats
    # Albania's own 1, which is eliminated. The group fails as a whole: Austria's stays.
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "ITALY D ita", "ITALY D ion"],
               {"AUSTRIA": ["D Aus-Ita", "D Alb-Ita"], "ITALY": ["D Ita-Alb", "D Ion S D Ita-Alb"]})
    assert result(turn, "ita").outcome == Outcome.SUCCEEDS
    assert result(turn, "alb").dislodged
    assert result(turn, "aus")[4:6] == BOUNCED
    assert board(turn) == Counter(["ITALY D alb", "ITALY D ion", "AUSTRIA D aus"])


def test_when_each_side_beats_the_others_defence_neither_passes() -> None:
    # The group's 3 beats Italy's defence of 2; Italy's 2 beats Albania's own 1. Two units
    # cannot swap places: the reading chosen is a bounce, nobody dislodged.
    turn = run(["AUSTRIA D aus", "AUSTRIA D alb", "AUSTRIA D ion", "ITALY D ita", "ITALY D gre"],
               {"AUSTRIA": ["D Aus-Ita", "D Alb-Ita", "D Ion-Ita"],
                "ITALY": ["D Ita-Alb", "D Gre S D Ita-Alb"]})
    assert result(turn, "ita")[4:6] == BOUNCED
    assert result(turn, "alb")[4:6] == BOUNCED
    assert board(turn) == Counter(["AUSTRIA D aus", "AUSTRIA D alb", "AUSTRIA D ion",
                                   "ITALY D ita", "ITALY D gre"])


def test_a_players_own_diplomats_still_cannot_swap() -> None:
    turn = run(["AUSTRIA D ita", "AUSTRIA D alb"], {"AUSTRIA": ["D Ita-Alb", "D Alb-Ita"]})
    assert result(turn, "ita")[4:6] == BOUNCED
    assert result(turn, "alb")[4:6] == BOUNCED
    assert board(turn) == Counter(["AUSTRIA D ita", "AUSTRIA D alb"])
