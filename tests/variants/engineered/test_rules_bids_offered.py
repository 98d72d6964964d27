"""A bid offers each unit once (rn45 D3 3b: "his bid, plus like bids from other players are
added together", one bid per unit put into civil disorder): a unit written twice in one
bid is refused with the reason, not counted twice."""

from __future__ import annotations

import pytest

from judge.grammar import OrderSyntaxError
from judge.grammar.reader import Writer, reader_for
from tests.variants.engineered.fighting import COMPLEX


@pytest.mark.parametrize("line", ["BID A Vie, A Vie FOR N Ank H", "bid a vie a vie for n ank h",
                                  "BID A Vie, N Tri, A Vie FOR N Ank - Bla"])
def test_a_unit_offered_twice_in_one_bid_is_refused(line: str) -> None:
    with pytest.raises(OrderSyntaxError, match=r"your unit in Vie is offered twice: each "
                       r"unit counts once in a bid \(rn45 D3 3b\)\."):
        reader_for(COMPLEX).read(line, "M", Writer("AUSTRIA"))

