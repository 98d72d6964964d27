"""I.B in the report's plain words: a retreat list is an order for a dislodgement that
may not come (I.B.1, "for any units he thinks may be dislodged"). Its line was told
"carried out" whether or not the rat was dislodged, as if a retreat had been made, and a
rat destroyed by its list was told "carried out" without the why the result carries. On
the demonstration maze: A's DL to 4 with SQ s 3 (DL to 4) dislodges B's VT; VT1 leads back
to the attacker, VT3 to A's SQ, VT2 to the empty PW."""

from __future__ import annotations

from judge.engine.orders import Hold
from tests.variants.algernon.scenario import A, B, board, move, result
from variants.algernon.orders import PortalMove, PortalSupport, RetreatList
from variants.algernon.report import result_words

BEATEN = board({A: ["DL", "SQ"], B: ["VT", "PW"]})
ATTACK = [PortalMove("dl", 4), PortalSupport("sq", 3, "dl", 4)]


def test_a_list_whose_rat_stayed_was_not_needed() -> None:
    out = move(BEATEN, {A: [*ATTACK, RetreatList("sq", (1, 2))], B: [Hold("vt")]})
    assert result_words(result(out, "SQ(1,2)")) == "not needed: the rat was not dislodged"


def test_a_list_whose_rat_was_dislodged_was_used() -> None:
    out = move(BEATEN, {A: ATTACK, B: [RetreatList("vt", (3, 6))]})
    assert result_words(result(out, "VT(3,6)")) == "used: the rat was dislodged"
    assert result_words(result(out, "VT retreats out portal 6")) == "carried out"


def test_a_rat_its_list_could_not_save_is_told_why() -> None:
    out = move(BEATEN, {A: ATTACK, B: [RetreatList("vt", (3, 2))]})  # VT2: B's own PW
    assert result_words(result(out, "VT destroyed")) == \
        "no portal of its retreat list was open"
