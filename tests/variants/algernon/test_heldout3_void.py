"""Held-out scenario (rules18d): a void support says nothing of the space it went into.

Rule 3 keeps the maze from the players, and II.D tells a supporter only of the rats that
stayed in the space he supported into (`(TAG to VT3)`, `(TAG s VT4)`, `(TAG h VT)`). A rat
that left is not told. docs/variants/algernon.md promises every void support the same
words, "the support had nothing to support", whatever the reason. A support whose rat
left was written "void" alone, which told the supporter that a rat had stood there; one
into an empty space was "void: the support had nothing to support". On the demonstration
maze SQ3 leads to VT and VT2 to PW."""

from __future__ import annotations

from judge.engine.orders import Order
from judge.engine.outcome import Outcome
from tests.variants.algernon.scenario import A, B, board, move, result
from variants.algernon.notation import result_gm
from variants.algernon.orders import PortalMove, PortalSupport
from variants.algernon.report import result_words

NOTHING = "void: the support had nothing to support"


def told(units: dict[str, list[str]], orders: dict[str, list[Order]], text: str) -> str:
    r = result(move(board(units), orders), text)
    assert r.outcome == Outcome.VOID
    return f"{result_gm(r)}  -- {result_words(r)}"


def test_a_support_into_a_space_a_rat_left_reads_as_one_into_an_empty_space() -> None:
    empty = told({A: ["SQ"]}, {A: [PortalSupport("sq", 3)]}, "SQ s 3")
    left = told({A: ["SQ"], B: ["VT"]},
                {A: [PortalSupport("sq", 3)], B: [PortalMove("vt", 2)]}, "SQ s 3")
    assert empty == left == f"SQ s 3 (void)  -- {NOTHING}"


def test_a_support_of_an_attack_its_rat_did_not_make_reads_the_same() -> None:
    """`SQ s 3 (DL to 4)` while DL goes out of portal 1: the same words as a support
    whose named attack does not lead into the space (DL1 is MN, not VT)."""
    other = told({A: ["SQ", "DL"]}, {A: [PortalSupport("sq", 3, "dl", 4),
                                         PortalMove("dl", 1)]}, "SQ s 3 (DL to 4)")
    wrong = told({A: ["SQ", "DL"]}, {A: [PortalSupport("sq", 3, "dl", 1)]},
                 "SQ s 3 (DL to 1)")
    assert other.endswith(NOTHING) and wrong.endswith(NOTHING)
