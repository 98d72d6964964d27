"""What a power still owes for a phase: the units (or builds) still without an order, what
it may order beyond that, and its set as the reply shows it. The turn waits on it
(readiness.py), reminders name it (deadline_notices.py), and every order reply ends with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.engine.adjustments import adjustment_counts
from judge.engine.position import Position
from judge.engine.rules import countries_written_by
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, province_of
from judge.game.ordering import LineError, Written, describe_set, orders_of
from judge.game.writer_view import Known, writer_view
from judge.grammar.notation import unit_text
from judge.variant import Variant


@dataclass(frozen=True, slots=True)
class OrderStatus:
    """What a power has ordered for a phase and what is still missing."""

    power: str
    orders: tuple[str, ...]  # the current set, in the classic notation
    missing: tuple[str, ...]  # units (or builds) still without an order
    errors: tuple[LineError, ...] = ()
    may: tuple[str, ...] = ()  # what he may still order beyond what he owes (`may_order`)

    @property
    def complete(self) -> bool:
        return not self.missing


def missing(variant: Variant, position: Position, power: str,
            merged: Mapping[str, Written], known: Known = None) -> tuple[str, ...]:
    """What `power` still has to order this phase (empty: its orders are complete)."""
    geo = variant.rules.geo
    kind = position.phase.kind
    handler = variant.rules.handler(position.phase)
    if handler.runs_without_orders(variant.rules, position):
        return ()
    if kind == ADJUSTMENT:
        counts = _adjustments_owed(variant, position, power)
        # An order of the variant's own (a conversion) is no build, removal or waive.
        left = sum(abs(n) for n in counts) - sum(
            handler.settles(variant.rules, w.order) for w in merged.values())
        if left > 0:
            return (f"{left} more {_adjustment_word(counts, left)}",)
        return () if counts or merged else _choices(variant, position, power)
    if kind not in (MOVEMENT, RETREAT):
        # A phase kind a variant adds (Envoy's placement): what its handler says is owed.
        return handler.owed(variant.rules, position, power, orders_of(merged))
    if kind == RETREAT:
        # A unit with nowhere to go is destroyed whatever is ordered: nothing to wait for.
        # Retreats as he may be told them (writer_view.py): the turn never waits, or not,
        # on what he cannot see.
        _, seen = writer_view(variant, position, power, known)
        units = [d.unit for d in seen.dislodged if d.unit.power == power and d.retreats]
    else:
        units = [u for u in variant.rules.main_units(position)
                 if variant.rules.may_order(position, power, u)]
    return tuple(sorted(unit_text(geo, u.kind, u.loc) for u in units
                        if province_of(u.loc) not in merged))


def _choices(variant: Variant, position: Position, power: str) -> tuple[str, ...]:
    """What a power that owes no build or removal may still order (the handler's
    `choices`): the turn waits for those orders or his WAIVE."""
    rules = variant.rules
    choices = rules.handler(position.phase).choices(rules, position, power)
    if not choices:
        return ()
    return (f"orders you may give ({'; '.join(choices)}), or WAIVE to give none",)


def _adjustments_owed(variant: Variant, position: Position, power: str) -> list[int]:
    """The builds (+) or removals (-) of each country whose adjustments `power` writes
    (his own; in Envoy also his Major Allies' and Controlled Neutrals')."""
    counts = adjustment_counts(variant.rules, position)
    return [counts[c] for c in countries_written_by(variant.rules, position, power)
            if counts.get(c)]


def _adjustment_word(counts: Sequence[int], left: int) -> str:
    plural = "s" if left != 1 else ""
    if all(n > 0 for n in counts):
        return f"build{plural} (or WAIVE)"
    return f"removal{plural}" if all(n < 0 for n in counts) else f"adjustment{plural}"


def may_order(variant: Variant, position: Position, power: str,
              merged: Mapping[str, Written], owed: Sequence[str]) -> tuple[str, ...]:
    """What `power` may still order beyond what it owes (the handler's `choices`, given
    its orders), unless `owed`, what it still owes, says so already."""
    rules = variant.rules
    may = rules.handler(position.phase).choices(rules, position, power, orders_of(merged))
    return () if any(c in o for o in owed for c in may) else may


def status(variant: Variant, position: Position, power: str, merged: Mapping[str, Written],
           errors: Sequence[LineError] = (), known: Known = None) -> OrderStatus:
    owed = missing(variant, position, power, merged, known)
    return OrderStatus(power, describe_set(variant, position, power, merged, known), owed,
                       tuple(errors), may_order(variant, position, power, merged, owed))
