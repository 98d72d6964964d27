"""Where 1885-III's powers build (Special Characteristics a and b, l.24-29): their vacant
owned home centres, as in the regular game, and besides them Sicily for Italy ("whenever
she owns the province ... and it is vacant") and three neutral centres for the powers the
rules name, "if owned by" them: Ireland for England, Portugal for Spain, Persia for Russia."""

from __future__ import annotations

from judge.engine.adjustments import AdjustmentPhase, Ledger, adjustment_counts, build_sites
from judge.engine.outcome import OrderResult
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

from .centres import SICILY, sicily_owner  # type: ignore[import-not-found]

EXTRA_SITES = {"ITALY": "sic", "ENGLAND": "ire", "SPAIN": "por", "RUSSIA": "per"}


def sites(rules: Rules, position: Position, power: str) -> list[str]:
    occupied = {province_of(u.loc) for u in rules.main_units(position)}
    found = build_sites(rules, position, power, occupied)
    extra = EXTRA_SITES.get(power)
    if extra is None:
        return found
    owner = sicily_owner(position) if extra == SICILY else position.owners.get(extra)
    if owner == power and extra not in occupied:
        found.append(extra)
    return found


class Builds(AdjustmentPhase):
    """The standard phase with the extra sites."""

    def needed(self, rules: Rules, position: Position) -> bool:
        counts = adjustment_counts(rules, position)
        return any(n < 0 or (n > 0 and sites(rules, position, p)) for p, n in counts.items())

    def ledger(self, rules: Rules, position: Position, power: str, count: int,
               units: list[Unit], results: list[OrderResult]) -> Ledger:
        ledger = Ledger(rules, position, power, count, units, results)
        if count > 0:
            ledger.sites = sites(rules, position, power)
        return ledger
