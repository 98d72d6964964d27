"""Who removes what a player does not (below), and where 1885-III's powers build (Special
Characteristics a and b, l.24-29): their vacant owned home centres, as in the regular game,
and besides them Sicily for Italy ("whenever she owns the province ... and it is vacant")
and three neutral centres for the powers the rules name, "if owned by" them: Ireland for
England, Portugal for Spain, Persia for Russia."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.adjustments import AdjustmentPhase, Ledger, adjustment_counts, build_sites
from judge.engine.orders import Disband, Order
from judge.engine.outcome import OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.questions import Question, answers_of
from judge.engine.rules import Rules
from judge.engine.types import ADJUSTMENT, Unit, province_of

from .centres import SICILY, sicily_owner  # type: ignore[import-not-found]

MASTER_CHOICE = "the game master's choice"  # a removal the player did not order (l.87-93)
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
        ledger = MasterLedger(rules, position, power, count, units, results)
        if count > 0:
            ledger.sites = sites(rules, position, power)
        return ledger


# Retreats and Removals b (l.87-93): "Removal of units in a postal game will be made by the
# GM when a player fails to submit a removal order", the unit "the removal of which would
# have the least effect on the course of the game", in his judgment, which is final. So a
# removal owed and not ordered is a question for the master (judge/engine/questions.py),
# one per removal, its choices the power's units; an answer that names no unit of the power
# left (or none given, in `judge adjudicate`) falls back on the regular civil disorder rule.


def removal_questions(rules: Rules, position: Position,
                      orders: Mapping[str, Sequence[Order]]) -> tuple[Question, ...]:
    if position.phase.kind != ADJUSTMENT:
        return ()
    asked: list[Question] = []
    for power, n in sorted(adjustment_counts(rules, position).items()):
        ordered = sum(isinstance(o, Disband) for o in orders.get(power, ()))
        places = tuple(sorted(province_of(u.loc) for u in rules.main_units(position)
                              if u.power == power))
        for k in range(ordered + 1, -n + 1):
            asked.append(Question(removal_key(power, k),
                                  f"{power} owes {-n} removal(s) and ordered {ordered}: which "
                                  f"unit should be removed (removal {k} of {-n})?", places))
    return tuple(asked)


def removal_key(power: str, k: int) -> str:
    return f"remove-{power.lower()}-{k}"


class MasterLedger(Ledger):
    """Removals the player left unordered, as the master answered."""

    def finish(self) -> None:
        answers = answers_of(self.position)
        prefix = removal_key(self.power, 0)[:-1]
        chosen = [answers[key] for key in sorted(answers) if key.startswith(prefix)]
        for place in chosen:
            unit = next((u for u in self.units if u.power == self.power
                         and province_of(u.loc) == place.lower()
                         and self.rules.kinds[u.kind].layer == "main"), None)
            if self.left >= 0 or unit is None:
                continue
            self.units.remove(unit)
            self.left += 1
            self.results.append(OrderResult(self.power, unit, Disband(unit.loc, unit.kind), "",
                                            Outcome.SUCCEEDS, None, MASTER_CHOICE,
                                            unordered=True))
        super().finish()
