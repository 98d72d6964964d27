"""Issue #17 item 2: moves, supports, bounces and retreats on the maze by the standard
rules (rules 1, 5, 10; I.A, I.B), on the demonstration maze (demo.maze: DL4 and PW4 lead
into VT, PZ2 into JC, SQ3 into VT, QV2 and PW2 into WG)."""

from __future__ import annotations

import pytest

from judge.engine.orders import Hold, Order
from judge.engine.outcome import Outcome, Reason
from judge.engine.refusal import Refusal, refusal_of
from judge.game.reasons import every_reason
from judge.variant_loader import load_variant
from tests.variants.algernon.scenario import A, B, at, board, demo, move, result
from variants.algernon.movement import MazeMovement
from variants.algernon.orders import PortalMove, PortalSupport, RetreatList
from variants.algernon.reasons import NO_PORTAL


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


# I.A.5 on the demonstration maze: PW2, QV2 and KB1 all lead into WG, arriving through
# WG's portals 1, 3 and 2; KB3 leads into MK. BRAVO writes QV s 2 (1) with KB's attack
# as his order 1; ALPHA's PW attacks WG too.
CONTEST = board({A: ["PW"], B: ["KB", "QV"]})
BOTH: dict[str, list[Order]] = {
    A: [PortalMove("pw", 2)], B: [PortalMove("kb", 1), PortalSupport("qv", 2, number=1)]}


def test_numbered_support_backs_the_writers_order_1_by_default() -> None:
    """numbered_support=order (the default): (1) is BRAVO's own order 1, KB to 1, which
    leads where QV2 does: KB gets in, ALPHA's PW (coming in by WG's portal 1) bounces."""
    out = move(CONTEST, BOTH)
    assert result(out, "QV s 2 (1)").outcome == Outcome.SUCCEEDS
    assert result(out, "KB to 1").outcome == Outcome.SUCCEEDS
    assert result(out, "PW to 2").reason == Reason.BOUNCED
    assert at(out.position) == {A: ["PW"], B: ["QV", "WG"]}


def test_numbered_support_portal_backs_the_attack_entering_by_that_portal() -> None:
    """numbered_support=portal (b5100fa's reading, as section II numbers portals): the same
    orders back the attack coming into WG through WG's portal 1, ALPHA's PW2; KB's comes
    in through WG2 and bounces."""
    out = move(CONTEST, BOTH, numbered="portal")
    assert result(out, "QV s 2 (1)").outcome == Outcome.SUCCEEDS
    assert result(out, "PW to 2").outcome == Outcome.SUCCEEDS
    assert result(out, "KB to 1").reason == Reason.BOUNCED
    assert at(out.position) == {A: ["WG"], B: ["KB", "QV"]}


def test_the_games_state_chooses_the_reading_before_the_option() -> None:
    """`judge adjudicate` has no game: the state's numbered_support decides."""
    out = move(board({A: ["PW"], B: ["KB", "QV"]}, numbered_support="portal"), BOTH)
    assert result(out, "PW to 2").outcome == Outcome.SUCCEEDS


def test_the_order_number_counts_every_order_for_a_rat_but_not_the_lists() -> None:
    """Under `order` the support itself and holds are numbered, as in the rules' list I.A;
    retreat and build lists (I.B, I.C) are not: QV s 2 (3) backs KB to 1, the third."""
    out = move(CONTEST, {A: [PortalMove("pw", 2)],
                         B: [RetreatList("kb", (2,)), Hold("wg"),
                             PortalSupport("qv", 2, number=3), PortalMove("kb", 1)]})
    assert result(out, "QV s 2 (3)").outcome == Outcome.SUCCEEDS
    assert result(out, "KB to 1").outcome == Outcome.SUCCEEDS


@pytest.mark.parametrize(("numbered", "orders"), [
    ("order", [PortalMove("kb", 3), PortalSupport("qv", 2, number=1)]),   # order 1 elsewhere
    ("order", [Hold("kb"), PortalSupport("qv", 2, number=1)]),            # not an attack
    ("order", [PortalMove("kb", 1), PortalSupport("qv", 2, number=3)]),   # no order 3
    ("order", [PortalSupport("qv", 2, number=1), PortalMove("kb", 1)]),   # itself
    ("portal", [PortalMove("kb", 1), PortalSupport("qv", 2, number=3)]),  # QV's own entry
])
def test_a_numbered_support_that_fits_nothing_is_void(numbered: str,
                                                      orders: list[Order]) -> None:
    """I.A.5: void, in the same words whatever the reason, which say nothing of the maze;
    the board ends as if QV had held."""
    out = move(CONTEST, {A: [PortalMove("pw", 2)], B: orders}, numbered=numbered)
    [void] = [r for r in out.results if isinstance(r.order, PortalSupport)]
    assert (void.outcome, void.message) == (Outcome.VOID, "the support had nothing to support")
    held = [Hold("qv") if isinstance(o, PortalSupport) else o for o in orders]
    assert out.position == move(CONTEST, {A: [PortalMove("pw", 2)], B: held}).position


def test_an_unknown_reading_is_refused() -> None:
    with pytest.raises(ValueError, match="numbered_support must be one of order, portal"):
        MazeMovement(demo(), numbered="line")


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


def test_the_refusal_is_a_reason_the_variant_registers() -> None:
    """Issue #12 item 4: the check's answer is a reason with its parameters, which the
    reply projects and words like the engine's, and which a stored refusal reads back by."""
    out = move(board({A: ["MN"]}), {A: [PortalMove("mn", 4)]})
    refusal = refusal_of(result(out, "MN to 4").message)
    assert refusal == Refusal.of(NO_PORTAL, space="MN", portal=4)
    reasons = every_reason(load_variant("algernon").rules.registry.reasons)
    assert reasons[NO_PORTAL.code] == NO_PORTAL


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
