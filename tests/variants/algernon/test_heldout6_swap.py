"""Rule 10: "Players attempting to swap spaces (not allowed) will only know the identity of
the opposing player." Rule 1 keeps Diplomacy's head-to-head battle, so a supported rat
gets through and dislodges the other; both players still tried to swap, and both are told
who the other was. On the demonstration maze: DL4 leads into VT through its portal 1, VT1
back to DL, SQ3 into VT3."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from tests.variants.algernon.scenario import A, B, at, board, move, result
from tests.variants.algernon.test_sight import told
from variants.algernon.orders import PortalMove, PortalSupport


def test_the_loser_of_a_head_to_head_swap_is_told_who_it_was() -> None:
    out = move(board({A: ["DL", "SQ"], B: ["VT"]}),
               {A: [PortalMove("dl", 4), PortalSupport("sq", 3, "dl", 4)],
                B: [PortalMove("vt", 1)]})
    assert result(out, "DL to 4").outcome == Outcome.SUCCEEDS
    assert at(out.position)[A] == ["SQ", "VT"]
    assert "(A swap)" in told(out, B)
    assert "(B swap)" in told(out, A)


def test_an_even_swap_tells_both_who_and_nothing_more() -> None:
    out = move(board({A: ["DL"], B: ["VT"]}), {A: [PortalMove("dl", 4)], B: [PortalMove("vt", 1)]})
    assert told(out, A) == ["VT1 6", "(B swap)"]
    assert told(out, B) == ["DL4 HSC 4", "(A swap)"]
