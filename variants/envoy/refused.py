"""Orders the Envoy movement handler refuses before either layer is adjudicated (rules.py:
a support between the layers, 5.iv; a sea that does not exist for diplomats, 5.iii), and
their results put in place of the implicit holds the adjudication gave their units."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from judge.engine.orders import Hold, Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.refusal import Stated
from judge.engine.types import Unit, province_of

Orders = Mapping[str, Sequence[Order]]


def refuse(orders: Orders, units_at: Mapping[str, Unit],
            why: Callable[[Order], Stated | None]) -> tuple[dict[str, list[Order]],
                                                          list[OrderResult]]:
    """Orders for a unit there that `why` refuses, as illegal results; the rest."""
    kept: dict[str, list[Order]] = {}
    out: list[OrderResult] = []
    for power, given in orders.items():
        for order in given:
            unit = units_at.get(province_of(order.loc))
            message = why(order) if unit is not None else None
            if unit is not None and message:
                out.append(OrderResult(power, unit, order, "", Outcome.ILLEGAL, Reason.ILLEGAL,
                                       message))
            else:
                kept.setdefault(power, []).append(order)
    return kept, out


def replace_holds(results: Sequence[OrderResult], refused: list[OrderResult],
                   handled: Orders) -> list[OrderResult]:
    """A refused order's unit held, but it was ordered: its result is the refusal, not
    the implicit hold the handler gave it (as the standard handler does for its own
    illegal orders)."""
    if not refused:
        return list(results)
    given = {id(o) for os in handled.values() for o in os}
    ordered = {r.unit for r in refused}
    implicit = {r.unit: r for r in results if r.unit in ordered
                and isinstance(r.order, Hold) and id(r.order) not in given}
    out = [r for r in results if implicit.get(r.unit) is not r]
    for r in refused:
        hold = implicit.get(r.unit)
        out.append(r._replace(dislodged=True) if hold is not None and hold.dislodged else r)
    return out
