"""Rules25: Algernon's paragraphs played as written, each result worked out by hand from
the rules text (shared/rules/algernon-um01.txt) on the demonstration maze
(variants/algernon/demo.maze), whose portals, as `SPACE/PORTAL` it arrives through:

    DL: 1 MN/1, 2 PZ/1, 3 JC/2, 4 VT/1          PZ: 1 DL/2, 2 JC/1, 3 MN/2, 4 RT/1
    JC: 1 PZ/2, 2 DL/3, 3 SQ/2                  SQ: 1 MN/3, 2 JC/3, 3 VT/3
    VT: 1 DL/4, 2 PW/4, 3 SQ/3, 4 MK/3, 5 RT/2, 6 BN/2
    MK: 1 QV/3, 2 KB/3, 3 VT/4                  BN: 1 WG/4, 2 VT/6, 3 RT/3, 4 HB/2
    RT: 1 PZ/4, 2 VT/5, 3 BN/3, 4 HB/1
"""

from __future__ import annotations

from judge.engine.orders import Hold
from judge.engine.outcome import Outcome, Reason
from tests.variants.algernon.scenario import A, B, at, board, move, result, rules
from tests.variants.algernon.test_sight import told
from variants.algernon.builds import ListedBuilds
from variants.algernon.orders import PortalMove, PortalSupport, RetreatList
from variants.algernon.sight import Entry


def test_rule_5_pz_to_2_and_pz_s_2() -> None:
    """Rule 5: "PZ to 2" moves A's rat out of PZ's portal 2, into JC (told `JC1 3`, rule
    6: JC's portal 1, no centre, 3 portals); "PZ s 2" supports the rat at JC's end, which
    then holds against B's unsupported attack out of SQ's portal 2 (1 against 2)."""
    out = move(board({A: ["PZ"]}), {A: [PortalMove("pz", 2)]})
    assert at(out.position) == {A: ["JC"]} and told(out, A) == ["JC1 3"]
    out = move(board({A: ["PZ", "JC"], B: ["SQ"]}),
               {A: [PortalSupport("pz", 2)], B: [PortalMove("sq", 2)]})
    assert at(out.position) == {A: ["JC", "PZ"], B: ["SQ"]}
    assert result(out, "SQ to 2").reason == Reason.BOUNCED
    assert told(out, B) == ["JC3 3", "(A h JC)"]  # rule 6, II.B.1; II.D.3
    [entry] = [e for e in out.events if isinstance(e, Entry) and e.power == B]
    assert entry.resisted == (A,)  # rule 6: A supported the space


def test_rule_5_holding_is_the_default() -> None:
    """Rule 5, I.A.2: "PZ h", or no order at all: the rat stays; either holds against an
    equal attack (B out of RT's portal 1 into PZ, bounced)."""
    for orders in ([Hold("pz")], []):
        out = move(board({A: ["PZ"], B: ["RT"]}), {A: orders, B: [PortalMove("rt", 1)]})
        assert at(out.position) == {A: ["PZ"], B: ["RT"]}


def test_i_b_2_the_rules_own_list_for_vt() -> None:
    """I.B.2, VT(3,2,5,1,6,4): B dislodges A's VT by MK to 3 (in by VT4) with BN s 2 (MK
    to 3) (in by VT6). VT3 leads to SQ, A's own rat there; VT2 to PW, B's; VT5 to the
    empty RT: the rat retreats there, and learns RT (`RT2 NSC 4`, rule 6)."""
    out = move(board({A: ["VT", "SQ"], B: ["MK", "BN", "PW"]}),
               {A: [Hold("vt"), RetreatList("vt", (3, 2, 5, 1, 6, 4))],
                B: [PortalMove("mk", 3), PortalSupport("bn", 2, "mk", 3)]})
    assert result(out, "VT retreats out portal 5").outcome == Outcome.SUCCEEDS
    assert at(out.position) == {A: ["RT", "SQ"], B: ["BN", "PW", "VT"]}
    assert told(out, A) == ["(B s in VT6)", "(B a in VT4)", "RT2 NSC 4"]


def test_i_b_1_a_retreat_into_a_space_left_this_turn() -> None:
    """I.B.1 without a list: B's RT to 1 with JC s 1 (RT to 1) dislodges A's PZ; PZ's
    portal 1 leads to DL, which A's own rat left this turn (DL to 4): open, so the rat
    retreats there, the first open portal starting at 1."""
    out = move(board({A: ["PZ", "DL"], B: ["RT", "JC"]}),
               {A: [PortalMove("dl", 4)],
                B: [PortalMove("rt", 1), PortalSupport("jc", 1, "rt", 1)]})
    assert result(out, "PZ retreats out portal 1").outcome == Outcome.SUCCEEDS
    assert at(out.position) == {A: ["DL", "VT"], B: ["JC", "PZ"]}


def test_rule_9_builds_only_where_there_is_room() -> None:
    """Rule 9, I.C.2: A owns five centres (DL, MN, PZ, RT, BN) and has three rats, two of
    them on his homes DL and MN: two builds are due, but his list's DL and MN are taken
    and PZ is his one free home, so he builds one rat, in PZ."""
    owners = {"dl": A, "mn": A, "pz": A, "rt": A, "bn": A, "pw": B, "qv": B, "wg": B}
    winter = board({A: ["MN", "DL", "VT"], B: ["PW", "QV", "WG"]}, "W1901A", owners,
                   build_lists={A: ["dl", "mn", "pz"]})
    out = ListedBuilds().adjudicate(rules(), winter, {})
    assert at(out.position)[A] == ["DL", "MN", "PZ", "VT"]



def test_ii_d_2_an_attack_from_the_space_supported_into_cuts_nothing() -> None:
    """II.D.2, "(TAG s VT4) ... you cut his support if you attacked VT", with rule 1's
    exception: not when the support is against your own space. B's JC to 2 (into DL by
    its portal 3) with VT s 1 (JC to 2); A's DL to 4 attacks VT and bounces (1 against 1)
    without cutting the support into DL, so DL is dislodged (2 against 1) and retreats by
    its first open portal, DL1 into the empty MN. A is told `(B s VT1)`, uncut."""
    out = move(board({A: ["DL"], B: ["VT", "JC"]}),
               {A: [PortalMove("dl", 4)],
                B: [PortalMove("jc", 2), PortalSupport("vt", 1, "jc", 2)]})
    assert result(out, "VT s 1 (JC to 2)").outcome == Outcome.SUCCEEDS
    assert at(out.position) == {A: ["MN"], B: ["DL", "VT"]}
    assert told(out, A)[:2] == ["VT1 6", "(B s VT1)"]
