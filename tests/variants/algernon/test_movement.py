"""Issue #17 item 2: moves, supports, bounces and retreats on the maze by the standard
rules (rules 1, 5, 10; I.A, I.B), on the demonstration maze (demo.maze: DL4 and PW4 lead
into VT, PZ2 into JC, SQ3 into VT, QV2 and PW2 into WG)."""

from __future__ import annotations

from judge.engine.orders import Hold
from judge.engine.outcome import Outcome, Reason
from tests.variants.algernon.scenario import A, B, at, board, move, result
from variants.algernon.orders import PortalMove, PortalSupport, RetreatList


def test_the_demonstration_games_start() -> None:
    """Rule 4's players meet in VT: both bounce; PZ2 leads A into JC (rule 5)."""
    start = board({A: ["DL", "MN", "PZ"], B: ["PW", "QV", "WG"]})
    out = move(start, {A: [PortalMove("dl", 4), PortalMove("pz", 2)],
                       B: [PortalMove("pw", 4)]})
    assert result(out, "DL to 4").reason == Reason.BOUNCED
    assert result(out, "PW to 4").reason == Reason.BOUNCED
    assert result(out, "PZ to 2").outcome == Outcome.SUCCEEDS
    assert at(out.position) == {A: ["DL", "JC", "MN"], B: ["PW", "QV", "WG"]}


def test_a_supported_attack_dislodges_and_the_rat_retreats_by_first_open_portal() -> None:
    """I.A.4 with I.B.1: VT1 leads back to the attacker's DL, VT2 to the empty PW."""
    out = move(board({A: ["DL", "SQ"], B: ["VT"]}),
               {A: [PortalMove("dl", 4), PortalSupport("sq", 3, "dl", 4)], B: [Hold("vt")]})
    assert result(out, "DL to 4").outcome == Outcome.SUCCEEDS
    assert result(out, "SQ s 3 (DL to 4)").outcome == Outcome.SUCCEEDS
    assert result(out, "VT retreats out portal 2").outcome == Outcome.SUCCEEDS
    assert at(out.position) == {A: ["SQ", "VT"], B: ["PW"]}
    assert not out.position.dislodged  # settled with the moves: no retreat phase


def test_a_retreat_follows_the_priority_list() -> None:
    """I.B.2: VT(3,6,2): VT3 leads to SQ, where A stands; VT6 leads to BN."""
    out = move(board({A: ["DL", "SQ"], B: ["VT"]}),
               {A: [PortalMove("dl", 4), PortalSupport("sq", 3, "dl", 4)],
                B: [Hold("vt"), RetreatList("vt", (3, 6, 2))]})
    assert result(out, "VT retreats out portal 6").outcome == Outcome.SUCCEEDS
    assert at(out.position) == {A: ["SQ", "VT"], B: ["BN"]}


def test_support_of_the_attack_entering_by_a_numbered_portal() -> None:
    """I.A.5 read as section II numbers portals: `QV s 2 (1)` backs the attack coming into
    QV2's space WG through WG's portal 1, which is PW2's, not QV's own player's KB1 (it
    comes in through WG2). Read as "the writer's own attack", KB would get in instead."""
    out = move(board({A: ["PW"], B: ["KB", "QV"]}),
               {A: [PortalMove("pw", 2)],
                B: [PortalMove("kb", 1), PortalSupport("qv", 2, enters=1)]})
    assert result(out, "QV s 2 (1)").outcome == Outcome.SUCCEEDS
    assert result(out, "PW to 2").outcome == Outcome.SUCCEEDS
    assert result(out, "KB to 1").reason == Reason.BOUNCED
    assert at(out.position) == {A: ["WG"], B: ["KB", "QV"]}


def test_a_numbered_entry_no_attack_comes_by_is_void() -> None:
    """I.A.5: nothing comes into WG through its portal 3 (QV's own portal 2 arrives there,
    and a rat does not back itself): void, in the words that say nothing of the maze."""
    out = move(board({A: ["WG"], B: ["PW", "QV"]}),
               {A: [Hold("wg")], B: [PortalMove("pw", 2), PortalSupport("qv", 2, enters=3)]})
    void = result(out, "QV s 2 (3)")
    assert (void.outcome, void.message) == (Outcome.VOID, "the support had nothing to support")
    assert result(out, "PW to 2").reason == Reason.BOUNCED


def test_support_out_of_a_portal_holds_its_other_end() -> None:
    """I.A.3: `VT s 3` supports the rat in SQ, the other end of VT3, against MN's attack
    out of MN3."""
    out = move(board({A: ["MN"], B: ["SQ", "VT"]}),
               {A: [PortalMove("mn", 3)], B: [Hold("sq"), PortalSupport("vt", 3)]})
    assert result(out, "MN to 3").reason == Reason.BOUNCED
    assert at(out.position) == {A: ["MN"], B: ["SQ", "VT"]}


def test_no_swaps() -> None:
    """Rule 10: DL4 and VT1 are the two ends of one portal; neither gets through."""
    out = move(board({A: ["DL"], B: ["VT"]}),
               {A: [PortalMove("dl", 4)], B: [PortalMove("vt", 1)]})
    assert result(out, "DL to 4").reason == Reason.BOUNCED
    assert result(out, "VT to 1").reason == Reason.BOUNCED
    assert at(out.position) == {A: ["DL"], B: ["VT"]}


def test_self_bounce_and_a_void_support() -> None:
    """II.C.2: own rat in the way. `SQ s 3 (DL to 1)`: DL1 leads to MN, not VT: void,
    told in words that say nothing of where DL1 leads."""
    out = move(board({A: ["DL", "SQ", "VT"]}),
               {A: [PortalMove("dl", 4), PortalSupport("sq", 3, "dl", 1)]})
    assert result(out, "DL to 4").reason == Reason.BOUNCED
    void = result(out, "SQ s 3 (DL to 1)")
    assert (void.outcome, void.message) == (Outcome.VOID, "the support had nothing to support")
    empty = move(board({A: ["SQ"]}), {A: [PortalSupport("sq", 3)]})
    assert result(empty, "SQ s 3").message == void.message  # nobody in VT: the same words


def test_a_portal_the_space_does_not_have() -> None:
    out = move(board({A: ["MN"]}), {A: [PortalMove("mn", 4)]})
    refused = result(out, "MN to 4")
    assert (refused.outcome, refused.message) == (Outcome.ILLEGAL, "MN has no portal 4")
    assert at(out.position) == {A: ["MN"]}


def test_two_retreats_into_one_space_destroy_both() -> None:
    """Rule 1: SQ's and MK's rats are dislodged (MN3, JC3, QV3 and KB3 lead into them);
    both lists send them out of their portal 3, into VT."""
    out = move(board({A: ["MN", "JC", "QV", "KB"], B: ["SQ", "MK"]}),
               {A: [PortalMove("mn", 3), PortalSupport("jc", 3, "mn", 3),
                    PortalMove("qv", 3), PortalSupport("kb", 3, "qv", 3)],
                B: [RetreatList("sq", (3, 2)), RetreatList("mk", (3,))]})
    assert result(out, "SQ retreats out portal 3").reason == Reason.BOUNCED
    assert result(out, "MK retreats out portal 3").reason == Reason.BOUNCED
    assert B not in at(out.position)
