"""Issue #13 item 2: a removal naming a place its writer cannot see reads, in his report, the
same whatever stands there: "(*no unit*)", never the hidden unit and its owner.

By mail the order is refused when it is written, with the answer of an empty province
(judge/game/ordering.py), so it never reaches a turn; these turns are adjudicated from
orders given directly, as a turn with a stored order whose check the board outlived
would be, to hold the report to the same rule on its own (the projection, not the reply,
decides what the report tells).
"""

from __future__ import annotations

import pytest

from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.engine.visibility import Viewer
from judge.grammar import Grammar
from judge.reports import render_report
from tests.reports.envoy_scenarios import SEED, envoy

# Winter 1914, Stab Envoy: France has five armies and fleets on three centres and its
# capital (rule 3): one removal. Germany's fleet stands in Greece, which France cannot see
# (12: a Major Neutral's centre, no unit of France's near it), or in the Ionian Sea.
FRANCE = ("A par", "A mar", "F bre", "A bur", "A pic")
GERMANY = ("A ber", "A mun", "F kie")


def _winter(fleet_at: str, removals: tuple[str, ...]) -> TurnResult:
    units = tuple(Unit(power, text[0], text[2:])
                  for power, texts in (("FRANCE", FRANCE), ("GERMANY", (*GERMANY, fleet_at)))
                  for text in texts)
    board = Position(Phase.parse("W1914A"), units, envoy().start.owners,
                     state={"players": ["FRANCE", "GERMANY"], "hidden": "stab", "seed": SEED})
    grammar = Grammar.for_variant(envoy())
    orders = {"FRANCE": [grammar.parse(text, "A") for text in removals]}
    return adjudicate(envoy().rules, board, orders)


@pytest.mark.parametrize("written", ["Remove F Gre", "Remove A Gre", "Remove Gre"])
def test_a_removal_of_an_unseen_unit_reads_as_one_of_no_unit(written: str) -> None:
    removals = (written, "Remove A Pic")
    hidden = render_report(envoy(), _winter("F gre", removals), Viewer.player("FRANCE"))
    empty = render_report(envoy(), _winter("F ion", removals), Viewer.player("FRANCE"))
    assert hidden == empty
    assert "Greece REMOVE. (*no unit*)\n" in hidden
    assert "GERMANY" not in hidden and "Germany" not in hidden.split("\n\n", 2)[2]


def test_the_master_reads_what_the_unit_was() -> None:
    removals = ("Remove F Gre", "Remove A Pic")
    text = render_report(envoy(), _winter("F gre", removals), Viewer.master())
    assert "F Greece REMOVE. (*illegal: F Greece belongs to Germany, not France*)" in text
