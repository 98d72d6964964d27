"""Issue #17 item 3: orders by portal (I.A-C) read against the writer's knowledge only."""

from __future__ import annotations

import pytest

from judge.engine.types import ADJUSTMENT, MOVEMENT
from judge.game.instance import variant_instance
from judge.grammar import OrderSyntaxError
from judge.grammar.reader import ANYONE, Writer, reader_for
from judge.variant_loader import load_variant
from tests.variants.algernon.scenario import A, demo
from variants.algernon.known import initial
from variants.algernon.orders import PortalSupport

# A player who knows VT (6 portals), SQ, MK and his homes MK, VT, CJ: the rules' examples.
EXAMPLES = Writer(A, {"spaces": {"VT": {"value": 1, "kind": "HSC", "portals": 6},
                                 "SQ": {"value": 0, "kind": "", "portals": 6},
                                 "MK": {"value": 1, "kind": "HSC", "portals": 3},
                                 "CJ": {"value": 1, "kind": "HSC", "portals": 2}},
                      "links": {}, "homes": ["CJ", "MK", "VT"], "units": ["MK", "VT"]})


def read(text: str, writer: Writer = EXAMPLES, kind: str = MOVEMENT) -> str:
    return repr(reader_for(load_variant("algernon")).read(text, kind, writer))


def refusal(text: str, writer: Writer = EXAMPLES) -> str:
    with pytest.raises(OrderSyntaxError) as e:
        read(text, writer)
    return e.value.message


@pytest.mark.parametrize(("text", "order"), [
    ("VT to 3", "PortalMove(loc='vt', portal=3, kind='R')"),                       # I.A.1
    ("VT h", "Hold(loc='vt', kind='R')"),                                          # I.A.2
    ("VT s 2", "PortalSupport(loc='vt', portal=2, target=None, target_portal=None, "
               "number=None, kind='R')"),                                          # I.A.3
    ("VT s 4 (SQ to 6)", "PortalSupport(loc='vt', portal=4, target='sq', "
                         "target_portal=6, number=None, kind='R')"),               # I.A.4
    ("MK s 1 (1)", "PortalSupport(loc='mk', portal=1, target=None, target_portal=None, "
                   "number=1, kind='R')"),                                         # I.A.5
    ("VT(3,2,5,1,6,4)", "RetreatList(loc='vt', portals=(3, 2, 5, 1, 6, 4), kind='R')"),
    ("Build MK, VT, CJ", "BuildList(spaces=('mk', 'vt', 'cj'), loc='', kind=None)"),  # I.C.2
    ("vt TO 3.", "PortalMove(loc='vt', portal=3, kind='R')"),
])
def test_the_rules_examples(text: str, order: str) -> None:
    assert read(text) == order


def test_an_unknown_space_reads_the_same_whether_it_exists_or_not() -> None:
    """JC exists in the demonstration maze, ZZ does not: the writer is told the same."""
    start = Writer(A, initial(demo(), A))
    assert refusal("JC to 1", start) == "you know no space called JC"
    assert refusal("ZZ to 1", start) == "you know no space called ZZ"
    assert refusal("DL s 3 (JC to 1)", start) == "you know no space called JC"


def test_portals_are_checked_against_the_counts_he_knows() -> None:
    start = Writer(A, initial(demo(), A))
    assert read("DL to 4", start) == "PortalMove(loc='dl', portal=4, kind='R')"
    assert refusal("DL to 5", start) == "DL has portals 1 to 4, not 5"
    assert refusal("VT(3,7)") == "VT has portals 1 to 6, not 7"


def test_builds_name_only_his_own_homes() -> None:
    assert refusal("Build MK, SQ") == "SQ is not one of your homes"


def test_the_master_reads_against_the_whole_maze() -> None:
    assert read("JC to 3", ANYONE) == "PortalMove(loc='jc', portal=3, kind='R')"
    with pytest.raises(OrderSyntaxError, match="you know no space called ZZ"):
        read("ZZ to 1", ANYONE)


def test_orders_go_with_the_moves() -> None:
    with pytest.raises(OrderSyntaxError, match="orders go with the moves"):
        read("Build MK", kind=ADJUSTMENT)
    assert refusal("VT jumps 3").startswith("not an order: write VT to 3")


@pytest.mark.parametrize("numbered", ["order", "portal"])
def test_the_numbered_support_reads_alike_under_both_readings(numbered: str) -> None:
    """I.A.5's "(9)" is the writer's order 9 or a portal of a space he may not know
    (numbered_support): neither is checked in reading, so the reply says nothing of the
    maze; the adjudication voids a number that fits nothing (test_movement.py)."""
    variant = variant_instance("algernon", {"numbered_support": numbered}, 0)
    order = reader_for(variant).read("MK s 1 (9)", MOVEMENT, EXAMPLES)
    # repr: a game's instance loads its own copy of the variant's modules
    assert repr(order) == repr(PortalSupport("mk", 1, number=9))
