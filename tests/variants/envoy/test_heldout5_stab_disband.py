"""Stab Envoy 12b ("All retreats, including disbandments"): a retreat its writer could not
see was barred (an unseen unit or bounce there) is told as a bounce, the unit's end
(`(*bounce, destroyed*)`, as a standard retreat that bounced, DATC 6.H.7); the engine's
own disbandment of that unit, which follows the illegal order, is not told again: a real
bounce has one line, and a second would tell the two apart (variants/envoy/blind.py).
tests/conversations/envoy/test_envoy_hidden_orders.py reads it in a real report."""

from __future__ import annotations

from judge.engine.orders import Disband, Retreat
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.types import Unit
from variants.envoy.blind import as_judged, without_told_disbands

BUR = Unit("FRANCE", "A", "bur")
PIC = Unit("FRANCE", "A", "pic")
BARRED = OrderResult("FRANCE", BUR, Retreat("bur", "mun"), "", Outcome.ILLEGAL,
                     Reason.BOUNCED)
ITS_END = OrderResult("FRANCE", BUR, Disband("bur"), "", Outcome.SUCCEEDS)
OTHER_END = OrderResult("FRANCE", PIC, Disband("pic"), "", Outcome.SUCCEEDS)


def test_a_barred_retreat_is_told_once_as_a_bounce() -> None:
    told = [as_judged(e) for e in without_told_disbands([BARRED, ITS_END, OTHER_END])]
    assert [(r.unit, r.outcome, r.reason) for r in told if isinstance(r, OrderResult)] == [
        (BUR, Outcome.FAILS, Reason.BOUNCED), (PIC, Outcome.SUCCEEDS, None)]


def test_a_disbandment_without_a_barred_retreat_is_told() -> None:
    """Another unit's disbandment, and one after a legal retreat order, stay (12b)."""
    assert without_told_disbands([ITS_END, OTHER_END]) == [ITS_END, OTHER_END]
