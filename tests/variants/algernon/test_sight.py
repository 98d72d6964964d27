"""Issue #17 item 3: what each player learns of a phase (rules 6, 10; II.B-E), told in
the GM's notation, on the demonstration maze (DL4 -> VT1, PW4 -> VT2, SQ3 -> VT3,
VT4 -> MK3, VT5 -> RT2, BN3 -> RT3)."""

from __future__ import annotations

from judge.engine.orders import Build, Disband, Hold
from judge.engine.outcome import Event, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome
from judge.engine.visibility import Viewer
from tests.variants.algernon.scenario import A, B, board, demo, move, result
from variants.algernon.known import chart, initial
from variants.algernon.mazecheck import Reading
from variants.algernon.notation import contact_gm, entry_gm, result_gm
from variants.algernon.orders import PortalMove, PortalSupport
from variants.algernon.secrecy import MazeSecrecy, Remember
from variants.algernon.sight import Census, Contact, Entry

INITIALS = {A: "A", B: "B"}


def told(out: PhaseOutcome, power: str) -> list[str]:
    """What `power` is shown of the phase, in the GM's notation."""
    seen = MazeSecrecy().project(out.events, Viewer.player(power))
    return [entry_gm(e) if isinstance(e, Entry) else contact_gm(e, INITIALS)
            for e in seen if isinstance(e, Entry | Contact)]


def test_entering_a_space_tells_its_name_value_portal_and_count() -> None:
    """Rule 6, II.B.1: both bounce in VT; each learns VT, the portal he would have come
    in by, its 6 portals, and who resisted."""
    out = move(board({A: ["DL"], B: ["PW"]}),
               {A: [PortalMove("dl", 4)], B: [PortalMove("pw", 4)]})
    assert told(out, A) == ["VT1 6"] and told(out, B) == ["VT2 6"]
    [entry] = [e for e in out.events if isinstance(e, Entry) and e.power == A]
    assert entry.resisted == (B,)


def test_a_neutral_centre_is_named_so() -> None:
    """II.B.2: `RT2 NSC 4`, through VT5."""
    out = move(board({A: ["VT"]}), {A: [PortalMove("vt", 5)]})
    assert told(out, A) == ["RT2 NSC 4"]


def test_the_pieces_in_the_space_attacked() -> None:
    """II.D.1 and II.D.3: B's VT tried VT3 into A's SQ and bounced; A's DL attacked VT.
    A's SQ, which stayed, is told of the attack in through its portal 3 (II.E.1)."""
    out = move(board({A: ["DL", "SQ"], B: ["VT"]}),
               {A: [PortalMove("dl", 4), Hold("sq")], B: [PortalMove("vt", 3)]})
    assert told(out, A) == ["VT1 6", "(B to VT3)", "(B a in SQ3)"]
    holding = move(board({A: ["DL"], B: ["VT"]}), {A: [PortalMove("dl", 4)], B: []})
    assert told(holding, A) == ["VT1 6", "(B h VT)"]
    assert told(holding, B) == ["(A a in VT1)"]


def test_a_support_out_of_the_space_attacked() -> None:
    """II.D.2: B's VT supports out VT4 (MK's hold); A's attack on VT cuts it."""
    out = move(board({A: ["DL"], B: ["VT", "MK"]}),
               {A: [PortalMove("dl", 4)], B: [PortalSupport("vt", 4), Hold("mk")]})
    assert told(out, A) == ["VT1 6", "(B s VT4)"]
    assert result(out, "VT s 4").reason == Reason.CUT


def test_a_support_into_ones_space_with_the_cut_mark() -> None:
    """II.E: A holds RT; B attacks out BN3 with VT5's support, which A cuts from DL."""
    out = move(board({A: ["RT", "DL"], B: ["BN", "VT"]}),
               {A: [Hold("rt"), PortalMove("dl", 4)],
                B: [PortalMove("bn", 3), PortalSupport("vt", 5, "bn", 3)]})
    assert "(B a in RT3)" in told(out, A) and "(B s/ in RT2)" in told(out, A)
    assert result_gm(result(out, "BN to 3")) == "BN to 3 Bounce"


def test_a_swap_tells_only_who() -> None:
    """Rule 10: DL4 and VT1 are two ends of one portal."""
    out = move(board({A: ["DL"], B: ["VT"]}),
               {A: [PortalMove("dl", 4)], B: [PortalMove("vt", 1)]})
    assert told(out, A) == ["VT1 6", "(B swap)"]
    assert told(out, B) == ["DL4 HSC 4", "(A swap)"]


def test_bounce_self() -> None:
    """II.C.2."""
    out = move(board({A: ["DL", "VT"]}), {A: [PortalMove("dl", 4)]})
    assert result_gm(result(out, "DL to 4")) == "DL to 4 B.S."


def test_nobody_sees_the_others_moves_or_dislodgements() -> None:
    out = move(board({A: ["DL", "SQ"], B: ["VT"]}),
               {A: [PortalMove("dl", 4), PortalSupport("sq", 3, "dl", 4)], B: [Hold("vt")]})
    seen = MazeSecrecy().project(out.events, Viewer.player(B))
    assert all(getattr(e, "power", B) == B for e in seen)
    assert MazeSecrecy().project(out.events, Viewer.observer()) == ()
    assert MazeSecrecy().board(out.position, Viewer.player(B)).units == tuple(
        u for u in out.position.units if u.power == B)


def fold(known: dict[str, object], power: str, seen: tuple[Event, ...],
         after: Position) -> dict[str, object]:
    return Remember(demo(), Reading())(known, Viewer.player(power), after.phase, seen, after)


def test_the_record_starts_with_rule_4_and_grows_by_rule_6() -> None:
    start = initial(demo(), A)
    assert start["spaces"] == {"DL": {"value": 1, "kind": "HSC", "portals": 4},
                               "MN": {"value": 1, "kind": "HSC", "portals": 3},
                               "PZ": {"value": 1, "kind": "HSC", "portals": 4}}
    assert start["links"] == {"DL/1": "MN/1", "DL/2": "PZ/1", "MN/1": "DL/1",
                              "MN/2": "PZ/3", "PZ/1": "DL/2", "PZ/3": "MN/2"}
    out = move(board({A: ["DL", "MN", "PZ"], B: ["PW"]}),
               {A: [PortalMove("pz", 2)], B: [PortalMove("pw", 4)]})
    seen = MazeSecrecy().project(out.events, Viewer.player(A))
    known = fold({}, A, seen, MazeSecrecy().board(out.position, Viewer.player(A)))
    assert known["spaces"]["JC"] == {"value": 0, "kind": "", "portals": 3}  # type: ignore[index]
    assert known["links"]["PZ/2"] == "JC/1" and known["links"]["JC/1"] == "PZ/2"  # type: ignore[index]
    assert known["units"] == ["DL", "JC", "MN"]
    assert "VT" not in known["spaces"]  # type: ignore[operator]  # B's attempt is B's
    counted = fold(known, A, (Census((A, B), (4, 3)),), out.position)
    assert counted["centres"] == {A: 4, B: 3}


def test_the_notation_of_section_ii_b() -> None:
    """II.B.3 (no home of 5 portals in the demonstration maze: the event as told)."""
    home = Entry(A, "XX", 1, "BN", 4, 1, "HSC", 5)
    assert entry_gm(home) == "BN4 HSC 5"


def test_a_hold_without_its_text_is_written_as_the_rules_do() -> None:
    out = move(board({A: ["MN"]}), {A: [Hold("mn")]})
    [held] = [r for r in out.results if r.unit is not None and r.unit.loc == "mn"]
    assert result_gm(held._replace(text="")) == "MN h"


def test_builds_and_removals_are_written_too() -> None:
    """The winter's results reach the GM section with the orders the rules would write."""
    built = OrderResult(A, None, Build("dl", "R"), "", Outcome.SUCCEEDS)
    removed = OrderResult(A, None, Disband("vt", "R"), "", Outcome.SUCCEEDS)
    assert (result_gm(built), result_gm(removed)) == ("Build DL", "Remove VT")


def test_each_players_map_so_far_is_kept_for_his_reports() -> None:
    """Every report shows the spaces and portals he knows (issue #17): rule 4's start,
    then PZ2's far end, JC, entered through its portal 1."""
    out = move(board({A: ["DL", "MN", "PZ"], B: ["PW"]}), {A: [PortalMove("pz", 2)]})
    mine = out.position.state["charts"][A]  # type: ignore[index]
    assert chart(mine) == [
        "DL (HSC, 4 portals): 1 MN/1, 2 PZ/1, 3 ?, 4 ?",
        "JC (3 portals): 1 PZ/2, 2 ?, 3 ?",
        "MN (HSC, 3 portals): 1 DL/1, 2 PZ/3, 3 ?",
        "PZ (HSC, 4 portals): 1 DL/2, 2 JC/1, 3 MN/2, 4 ?"]
    assert "JC" not in str(out.position.state["charts"][B])  # type: ignore[index]
