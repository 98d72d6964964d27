"""Held-out (rules18f item c, Algernon): rats retreating into one space are both destroyed
(rule 1, DATC 6.H.7's rule; the page's "Retreats" reading). Algernon settles retreats
with the moves, so the report's order lines are a movement's; they tagged each such
retreat '(*bounce*)' alone, as if the rat had stayed, beside the notation's "both are
destroyed". The lines now say '(*bounce, destroyed*)' as a standard retreat's do."""

from __future__ import annotations

from judge.engine.visibility import Seen
from judge.reports.lines import power_orders
from judge.variant_loader import load_variant
from tests.variants.algernon.scenario import A, B, board, move
from variants.algernon.orders import PortalMove, PortalSupport, RetreatList
from variants.algernon.rules import customise


def test_both_rats_retreating_into_one_space_are_told_destroyed() -> None:
    # As test_movement's: SQ's and MK's rats are dislodged and both lists send them out
    # of their portal 3, into VT.
    out = move(board({A: ["MN", "JC", "QV", "KB"], B: ["SQ", "MK"]}),
               {A: [PortalMove("mn", 3), PortalSupport("jc", 3, "mn", 3),
                    PortalMove("qv", 3), PortalSupport("kb", 3, "qv", 3)],
                B: [RetreatList("sq", (3, 2)), RetreatList("mk", (3,))]})
    events: tuple[Seen, ...] = tuple(out.results)
    variant = customise(load_variant("algernon"))  # the folder's map: the demo maze
    blocks = power_orders(variant, board({}).phase, events, events, None)
    lines = {line.text: line.tag for block in blocks for line in block.orders}
    assert lines["R MK -> VT."] == "(*bounce, destroyed*)", lines
    assert lines["R SQ -> VT."] == "(*bounce, destroyed*)", lines
