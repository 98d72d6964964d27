"""Envoy's retreats (rules 6, 7; docs/variants/envoy.md, "Retreats").

The standard retreat phase, with the checks movement makes on who orders a unit:

- a neutral country writes no orders (6: nobody plays it);
- a player orders the retreats of his own units, his Major Allies' and his Controlled
  Neutrals' (6: a Controlled Neutral's "units are ordered by" its controller), as control
  stands on the board the retreat phase starts from; an order for anyone else's unit is
  refused and stays the writer's;
- a Controlled Neutral's unit retreats only within its rule 7 area: a retreat is a move
  ordered for it, and rule 7 says its units "may not move beyond" the area (the rule's
  removal "after all the retreats of the next Autumn" counts retreats in the turn it
  governs). A retreat beyond is illegal, and the unit, left with no legal retreat order,
  is disbanded as any unit is (1971 rules). A Major Ally's units have no such limit (6:
  "without limitations").

Results are listed under the unit's country (6: it stays a separate country), and the
phase records who ordered each neutral in it (`writers`) for its reports.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.orders import Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import Unit, province_of

from .control import (
    Countries,
    by_country,
    limit_controlled,
    refuse_neutral_writers,
    with_writers,
)

Orders = Mapping[str, Sequence[Order]]


class EnvoyRetreats(WrappedPhase):
    """The standard retreat phase behind Envoy's checks on writers and controllers."""

    def __init__(self, inner: PhaseHandler, countries: Countries) -> None:
        super().__init__(inner)
        self.countries = countries

    def adjudicate(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        at = {province_of(d.unit.loc): d.unit for d in position.dislodged}
        kept, refused = refuse_neutral_writers(position, orders, at)
        kept, foreign = _refuse_foreign(rules, position, kept, at)
        kept, limited = limit_controlled(rules, position, self.countries, kept, at)
        out = self.inner.adjudicate(rules, position, kept)
        # A retreat refused beyond its area was ordered by its writer: no missed order.
        tried = {r.unit for r in limited}
        mended = [r._replace(unordered=False) if r.unit in tried else r for r in out.results]
        results = tuple(by_country(r) for r in (*refused, *foreign, *limited, *mended))
        others = [e for e in out.events if not isinstance(e, OrderResult)]
        after = with_writers(rules, position, out.position, self.countries)
        return PhaseOutcome(results, after, (*results, *others))


def _refuse_foreign(rules: Rules, position: Position, orders: Orders,
                    at: Mapping[str, Unit]) -> tuple[dict[str, list[Order]],
                                                     list[OrderResult]]:
    """An order for a dislodged unit the writer does not order (6) is his own refusal,
    never listed under the unit's country."""
    kept: dict[str, list[Order]] = {}
    refused: list[OrderResult] = []
    for power, given in orders.items():
        for order in given:
            unit = at.get(rules.geo.province.get(order.loc) or province_of(order.loc))
            if unit is None or rules.may_order(position, power, unit):
                kept.setdefault(power, []).append(order)
            else:
                refused.append(OrderResult(power, unit, order, "", Outcome.ILLEGAL,
                                           Reason.NOT_YOURS,
                                           f"{unit} belongs to {unit.power}, not {power}"))
    return kept, refused
