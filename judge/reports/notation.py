"""Orders and results in the classic judge notation: 'A Paris -> Burgundy.' and '(*bounce*)'.

Everything here reads structured records (orders, units, outcomes), never rendered text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from judge.engine.geo import Geography
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Waive,
)
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.stacks import count_of
from judge.engine.types import ADJUSTMENT, province_of


def place(geo: Geography, loc: str) -> str:
    """A location's full name ('Spain (nc)'); a place the map does not know stays as written."""
    return geo.name(loc) if geo.is_province(province_of(loc)) else loc


def unit_text(geo: Geography, kind: str | None, loc: str) -> str:
    name = place(geo, loc)
    return f"{kind} {name}" if kind else name


def order_text(geo: Geography, result: OrderResult, phase_kind: str,
               kinds_at: Mapping[str, str]) -> str:
    """One order as the classic reports print it. `kinds_at` gives the kind of the unit in
    each province, to name a supported or convoyed unit whose kind the order left out."""
    order = result.order
    if order is None:
        return f"{_own(geo, result, None)} HOLD."
    own = _own(geo, result, order)
    count = count_of(order)
    if count is not None:
        own = f"{count} {own}"  # Envoy 5.v: a numbered line orders part of a stack
    match order:
        case Hold():
            return f"{own} HOLD."
        case Move(dest=dest, via_convoy=via):
            return f"{own} -> {place(geo, dest)}" + (" VIA CONVOY." if via else ".")
        case Retreat(dest=dest):
            return f"{own} -> {place(geo, dest)}."
        case Support(target=target, dest=dest, target_kind=tk):
            return f"{own} SUPPORT {_target(geo, tk, target, dest, kinds_at)}."
        case Convoy(target=target, dest=dest, target_kind=tk):
            return f"{own} CONVOY {_target(geo, tk, target, dest, kinds_at)}."
        case Disband():
            return f"{own} {'REMOVE' if phase_kind == ADJUSTMENT else 'DISBAND'}."
        case Build():
            return f"BUILD {own}."
        case Waive():
            return "WAIVE."
    raise TypeError(order)


def _own(geo: Geography, result: OrderResult, order: Order | None) -> str:
    if result.unit is not None:
        return unit_text(geo, result.unit.kind, result.unit.loc)
    assert order is not None
    return unit_text(geo, order.kind, order.loc)


def _target(geo: Geography, kind: str | None, target: str, dest: str | None,
            kinds_at: Mapping[str, str]) -> str:
    unit = unit_text(geo, kind or kinds_at.get(province_of(target)), target)
    return unit if dest is None else f"{unit} -> {place(geo, dest)}"


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
    elif result.message and not result.unordered:  # a success with a note (Envoy 7)
        tags.append(words(result.message))  # (the rules' own choices are marked by the view)
    if result.dislodged and result.reason != Reason.DISLODGED:
        tags.append(Reason.DISLODGED.value)
    return f"(*{', '.join(tags)}*)" if tags else ""


def _illegal(result: OrderResult) -> str:
    reason = result.reason
    return "illegal" if reason in (None, Reason.ILLEGAL) else f"illegal: {reason.value}"
