"""Orders and results in the classic judge notation: 'A Paris -> Burgundy.' and '(*bounce*)'.

Everything here reads structured records (orders, units, outcomes), never rendered text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from judge.engine.geo import Geography
from judge.engine.orders import Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.rules import Rules
from judge.engine.types import province_of


def place(geo: Geography, loc: str) -> str:
    """A location's full name ('Spain (nc)'); a place the map does not know stays as written."""
    return geo.name(loc) if geo.is_province(province_of(loc)) else loc


def unit_text(geo: Geography, kind: str | None, loc: str) -> str:
    name = place(geo, loc)
    return f"{kind} {name}" if kind else name


def order_text(rules: Rules, result: OrderResult, phase_kind: str,
               kinds_at: Mapping[str, str]) -> str:
    """One order as the classic reports print it, in the words its type registers
    (judge/engine/order_types.py). `kinds_at` gives the kind of the unit in each province,
    to name a supported or convoyed unit whose kind the order left out."""
    order = result.order
    writing = _Writing(rules.geo, phase_kind, kinds_at)
    if order is None:
        return f"{_own(rules.geo, result, None)} HOLD."
    return rules.registry.order_type(order).write(writing, _own(rules.geo, result, order),
                                                  order)


class _Writing:
    def __init__(self, geo: Geography, phase_kind: str, kinds_at: Mapping[str, str]) -> None:
        self.geo, self.phase_kind, self.kinds_at = geo, phase_kind, kinds_at

    def place(self, loc: str) -> str:
        return place(self.geo, loc)

    def other(self, kind: str | None, loc: str) -> str:
        return unit_text(self.geo, kind or self.kinds_at.get(province_of(loc)), loc)


def _own(geo: Geography, result: OrderResult, order: Order | None) -> str:
    if result.unit is not None:
        return unit_text(geo, result.unit.kind, result.unit.loc)
    assert order is not None
    return unit_text(geo, order.kind, order.loc)


def result_tag(result: OrderResult, words: Callable[[str], str] = str) -> str:
    """'' for an order that simply succeeded, else the classic tag: '(*bounce*)',
    '(*void*)', '(*illegal: North Sea is not adjacent to Picardy*)', '(*cut, dislodged*)'.
    `words` rewrites the engine's own notes in the report's words (judge.grammar.wording)."""
    tags: list[str] = []
    if result.outcome == Outcome.ILLEGAL:
        tags.append(f"illegal: {words(result.message)}" if result.message else _illegal(result))
    elif result.outcome == Outcome.VOID:
        tags.append(Reason.NO_MATCH.value)
    elif result.reason is not None:
        tags.append(result.reason.value)
    elif result.message and not result.unordered:  # a success with the variant's note
        tags.append(words(result.message))  # (the rules' own choices are marked by the view)
    if result.dislodged and result.reason != Reason.DISLODGED:
        tags.append(Reason.DISLODGED.value)
    return f"(*{', '.join(tags)}*)" if tags else ""


def _illegal(result: OrderResult) -> str:
    reason = result.reason
    return "illegal" if reason in (None, Reason.ILLEGAL) else f"illegal: {reason.value}"
