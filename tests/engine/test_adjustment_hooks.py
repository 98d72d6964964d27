"""The adjustment phase's plug-in points: `Rules.supply` (what a power's centres support)
and `AdjustmentPhase.ledger` (one power's orders), used by Envoy's capitals (rule 3)."""

from __future__ import annotations

from dataclasses import replace

from judge.engine.adjustments import AdjustmentPhase, Ledger, adjustment_counts
from judge.engine.orders import Build
from judge.engine.outcome import OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.rules import Rules, centre_supply
from judge.engine.turn import adjudicate
from judge.engine.types import ADJUSTMENT, Phase, Unit
from judge.variant_loader import load_variant

RULES = load_variant("standard").rules
FRANCE = {"par": "FRANCE", "mar": "FRANCE", "bre": "FRANCE"}


def paris_twice(rules: Rules, position: Position) -> dict[str, int]:
    counts = centre_supply(rules, position)
    if position.owners.get("par") == "FRANCE":
        counts["FRANCE"] += 1
    return counts


def winter(*units: tuple[str, str, str]) -> Position:
    return Position(Phase.parse("W1901A"), tuple(Unit(*u) for u in units), FRANCE)


def test_the_supply_hook_sets_what_is_owed() -> None:
    four = winter(("FRANCE", "A", "bur"), ("FRANCE", "A", "gas"), ("FRANCE", "A", "pic"),
                  ("FRANCE", "F", "mao"))
    assert adjustment_counts(RULES, four) == {"FRANCE": -1}
    rules = replace(RULES, supply=paris_twice)
    assert adjustment_counts(rules, four) == {}
    assert adjustment_counts(rules, winter()) == {"FRANCE": 4}


class _TwiceInParis(Ledger):
    def __init__(self, rules: Rules, position: Position, power: str, count: int,
                 units: list[Unit], results: list[OrderResult]) -> None:
        super().__init__(rules, position, power, count, units, results)
        if "par" in self.sites:
            self.sites.append("par")


class _TwoSitesPhase(AdjustmentPhase):
    def ledger(self, rules: Rules, position: Position, power: str, count: int,
               units: list[Unit], results: list[OrderResult]) -> Ledger:
        return _TwiceInParis(rules, position, power, count, units, results)


def test_a_site_listed_twice_still_takes_one_unit() -> None:
    rules = replace(RULES, handlers={**RULES.handlers, ADJUSTMENT: _TwoSitesPhase()})
    turn = adjudicate(rules, winter(), {"FRANCE": [Build("par", "A"), Build("par", "A")]})
    first, second = turn.results
    assert (first.outcome, first.unit) == (Outcome.SUCCEEDS, Unit("FRANCE", "A", "par"))
    assert (second.outcome, second.message) == (Outcome.FAILS, "par is not vacant")
    assert turn.position.units == (Unit("FRANCE", "A", "par"),)


def test_a_captured_centre_is_no_home_centre_before_it_is_occupied() -> None:
    """Italy took Marseilles and her army stands on it: `Build A Mar` can never be made,
    vacant or not, so the reason is the site's, not its occupant's. Her own Rome, occupied,
    is refused as not vacant."""
    board = Position(Phase.parse("W1901A"), (Unit("ITALY", "A", "mar"), Unit("ITALY", "A", "rom")),
                     {"mar": "ITALY", "rom": "ITALY", "nap": "ITALY", "ven": "ITALY"})
    turn = adjudicate(RULES, board, {"ITALY": [Build("mar", "A"), Build("rom", "A")]})
    messages = [(r.outcome, r.message) for r in turn.results if isinstance(r.order, Build)]
    assert messages == [(Outcome.FAILS, "mar is not a home centre of ITALY"),
                        (Outcome.FAILS, "rom is not vacant")]
