"""Held-out (rules18f): a DATC convoy case meeting the maze. Rule 5 gives a rat three
orders, "attacking, supporting, and holding", and rule 2 makes fleets meaningless, so a
convoy written as other games write it (`PZ c 4 (DL to 4)`) is no order; the reply said
only "not an order: write VT to 3, ...", not why, so the player could not tell that no
spelling of a convoy would do."""

from __future__ import annotations

import pytest

from tests.variants.algernon.test_heldout3_adjudicate import A, B, ask, where

WHY = ("not an order: a rat does not convoy (rule 5: it attacks, supports or holds; "
       "rule 2: there are no fleets); write VT to 3, VT h, VT s 2, VT s 4 (SQ to 6), "
       "MK s 1 (1), VT(3,2,5,1,6,4) or Build MK, VT, CJ")


def refusals(reply: dict[str, object]) -> dict[str, str]:
    results = reply["results"]
    assert isinstance(results, list)
    return {r["order"]: r["reason"] for r in results if r["outcome"] == "illegal"}


@pytest.mark.parametrize("line", ["PZ c 4 (DL to 4)", "PZ convoys 4", "R PZ C 4 (DL-4)",
                                  "F PZ convoy DL to 4"])
def test_a_convoy_is_refused_saying_rats_do_not_convoy(line: str) -> None:
    reply = ask("S1901M", {A: ["DL", "PZ"], B: ["PW"]}, {A: ["DL to 4", line]})
    assert refusals(reply) == {line: WHY}
    # The move it meant to carry is read and made on its own (DL4 leads to VT).
    assert where(reply) == {A: ["PZ", "VT"], B: ["PW"]}


def test_a_line_that_only_looks_like_nothing_still_gets_the_forms() -> None:
    reply = ask("S1901M", {A: ["DL"], B: ["PW"]}, {A: ["DL jumps 4"]})
    assert refusals(reply) == {"DL jumps 4": "not an order: write VT to 3, VT h, VT s 2, "
                               "VT s 4 (SQ to 6), MK s 1 (1), VT(3,2,5,1,6,4) or "
                               "Build MK, VT, CJ"}
