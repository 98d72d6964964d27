"""Held-out scenarios (rules18b): DATC v3.0 corners on the maze (rule 1: "All of the
rules to regular Diplomacy apply"), each predicted from the DATC case before it was run.
The demonstration maze (demo.maze): DL1 -> MN, DL4 -> VT, MN2 -> PZ, PZ1 -> DL, JC1 -> PZ,
SQ3 -> VT, MK3 -> VT, PW4 -> VT."""

from __future__ import annotations

from judge.engine.orders import Hold
from judge.engine.outcome import Outcome
from tests.variants.algernon.scenario import A, B, at, board, move, result
from variants.algernon.orders import PortalMove, PortalSupport

C = "CHARLIE"


def test_three_rats_of_two_players_circling_through_portals_all_arrive() -> None:
    """DATC 6.C.1 (a three-army circular movement): DL to 1, MN to 2, PZ to 1."""
    out = move(board({A: ["DL", "PZ"], B: ["MN"]}),
               {A: [PortalMove("dl", 1), PortalMove("pz", 1)], B: [PortalMove("mn", 2)]})
    for text in ("DL to 1", "MN to 2", "PZ to 1"):
        assert result(out, text).outcome == Outcome.SUCCEEDS
    assert at(out.position) == {A: ["DL", "MN"], B: ["PZ"]}


def test_a_circle_disrupted_by_an_attack_from_outside_all_stand() -> None:
    """DATC 6.C.3 (a disrupted circular movement): JC's B rat comes into PZ by JC1
    with MN's rat: both bounce there, so nobody in the circle moves."""
    out = move(board({A: ["DL", "MN", "PZ"], B: ["JC"]}),
               {A: [PortalMove("dl", 1), PortalMove("mn", 2), PortalMove("pz", 1)],
                B: [PortalMove("jc", 1)]})
    for text in ("DL to 1", "MN to 2", "PZ to 1", "JC to 1"):
        assert result(out, text).outcome == Outcome.FAILS
    assert at(out.position) == {A: ["DL", "MN", "PZ"], B: ["JC"]}


def test_a_rat_never_dislodges_its_own_players_rat() -> None:
    """DATC 6.D.10 (self-dislodgment prohibited): A's supported attack on VT, where A's
    own rat holds, fails."""
    out = move(board({A: ["DL", "SQ", "VT"]}),
               {A: [PortalMove("dl", 4), PortalSupport("sq", 3, "dl", 4), Hold("vt")]})
    assert result(out, "DL to 4").outcome == Outcome.FAILS
    assert at(out.position) == {A: ["DL", "SQ", "VT"]}
    assert not out.position.dislodged


def test_a_players_support_does_not_help_dislodge_his_own_rat() -> None:
    """DATC 6.D.12 (supporting a foreign unit to dislodge one's own): B's SQ backs A's
    attack on B's VT; it does not count against B's rat: 1 against 1, A bounces."""
    out = move(board({A: ["DL"], B: ["SQ", "VT"]}),
               {A: [PortalMove("dl", 4)], B: [PortalSupport("sq", 3, "dl", 4), Hold("vt")]})
    assert result(out, "DL to 4").outcome == Outcome.FAILS
    assert at(out.position) == {A: ["DL"], B: ["SQ", "VT"]}


def test_a_beleaguered_garrison_stays() -> None:
    """A beleaguered garrison (the 1971 rules' standoff; DATC 6.E.13 with three): A (DL4
    with SQ3's support) and a third player C (MK3 with PW4's support) attack B's VT two
    against two: they stand each other off, and B's rat stays."""
    out = move(board({A: ["DL", "SQ"], B: ["VT"], C: ["MK", "PW"]}),
               {A: [PortalMove("dl", 4), PortalSupport("sq", 3, "dl", 4)], B: [Hold("vt")],
                C: [PortalMove("mk", 3), PortalSupport("pw", 4, "mk", 3)]})
    assert result(out, "DL to 4").outcome == Outcome.FAILS
    assert result(out, "MK to 3").outcome == Outcome.FAILS
    assert at(out.position)[B] == ["VT"]
    assert not out.position.dislodged


def test_no_self_dislodgement_of_a_rat_that_bounced_back() -> None:
    """DATC 6.D.11: A's VT rat tries VT2 into B's PW and bounces back; A's own supported
    attack from DL4 does not dislodge it."""
    out = move(board({A: ["DL", "SQ", "VT"], B: ["PW"]}),
               {A: [PortalMove("dl", 4), PortalSupport("sq", 3, "dl", 4),
                    PortalMove("vt", 2)], B: [Hold("pw")]})
    assert result(out, "VT to 2").outcome == Outcome.FAILS
    assert result(out, "DL to 4").outcome == Outcome.FAILS
    assert at(out.position) == {A: ["DL", "SQ", "VT"], B: ["PW"]}
    assert not out.position.dislodged


def test_a_supported_rat_wins_a_head_to_head_through_one_portal() -> None:
    """Rule 10 forbids swaps, not head-to-head battles (rule 1; DATC 6.E): DL4 with SQ3's
    support meets B's VT1 coming the other way: A's rat arrives, B's is dislodged and,
    DL being the attacker's space, retreats by the first open portal, VT2 into PW."""
    out = move(board({A: ["DL", "SQ"], B: ["VT"]}),
               {A: [PortalMove("dl", 4), PortalSupport("sq", 3, "dl", 4)],
                B: [PortalMove("vt", 1)]})
    assert result(out, "DL to 4").outcome == Outcome.SUCCEEDS
    assert result(out, "VT to 1").outcome == Outcome.FAILS
    assert result(out, "VT retreats out portal 2").outcome == Outcome.SUCCEEDS
    assert at(out.position) == {A: ["SQ", "VT"], B: ["PW"]}
