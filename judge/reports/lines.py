"""A report's order lines: one block per power, its units in one fixed order, and what
nobody ordered marked as the classic judges mark it.

Within a power, lines follow the province's name as the report writes it ("Ankara" before
"Smyrna"), whatever order the orders came in, in every report and on the board. The marks
come from the events themselves (`OrderResult.unordered`, `Adjustment.waived`), which a
viewer's projection carries or drops with the event: a unit the viewer may not see is never
marked, and a power is said to have sent nothing only when the viewer sees all it did.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from judge.engine.geo import Geography
from judge.engine.orders import Order, Retreat
from judge.engine.outcome import Adjustment, OrderResult, Outcome, Reason
from judge.engine.types import ADJUSTMENT, RETREAT, Phase, Unit, province_of
from judge.engine.visibility import Seen, Sighting
from judge.grammar.notation import order_text, place, result_tag, unit_text
from judge.grammar.wording import in_report_words
from judge.variant import Variant, power_name, power_rank

NO_ORDER = "no order"
REMOVED = "removed by the judge: no order"
# A retreat that bounces is not made and the unit is gone (rule: two units retreating to
# one province are both destroyed, DATC 6.H.7); the tag says so, as the classic judges'
# '(*bounce, destroyed*)' does, so that no reader takes the unit to have stayed. Also
# where a variant settles retreats with the moves (Algernon: a Retreat in the results).
DESTROYED = "destroyed"


@dataclass(frozen=True, slots=True)
class OrderLine:
    text: str  # 'A Paris -> Burgundy.', 'A Paris HOLD (no order).'
    tag: str  # '(*bounce*)', or '' when the order simply succeeded


@dataclass(frozen=True, slots=True)
class PowerOrders:
    power: str
    orders: tuple[OrderLine, ...]
    nothing_sent: bool = False  # the power sent no orders at all this phase


def place_key(geo: Geography, loc: str | None) -> tuple[int, str]:
    """Where a line sorts within its power: by the place's name, lines naming no place
    (a WAIVE, a waived build) last."""
    return (0, place(geo, loc).casefold()) if loc else (1, "")


def unit_key(geo: Geography, unit: Unit) -> tuple[int, str]:
    return place_key(geo, unit.loc)


def power_orders(variant: Variant, phase: Phase, events: Sequence[Seen],
                 seen: Sequence[Seen], players: Collection[str] | None
                 ) -> tuple[PowerOrders, ...]:
    """The blocks of a report: `seen` is the viewer's projection of the turn's `events`;
    `players` the powers someone plays (None: all), the only ones that can be silent."""
    geo = variant.rules.geo
    lines: dict[str, list[tuple[tuple[int, str], OrderLine]]] = {}
    for power, loc, line in _lines(variant, phase, seen):
        lines.setdefault(power, []).append((place_key(geo, loc), line))
    silent = _silent(events, seen) & set(players if players is not None else lines)
    rank = power_rank(variant)
    return tuple(
        PowerOrders(power_name(p), tuple(line for _, line in sorted(found, key=lambda f: f[0])),
                    p in silent)
        for p, found in sorted(lines.items(), key=lambda i: rank.get(i[0], len(rank))))


def _lines(variant: Variant, phase: Phase,
           seen: Sequence[Seen]) -> Iterable[tuple[str, str | None, OrderLine]]:
    """(power, the place it is about, the line) for each result, sighting and waived build."""
    geo = variant.rules.geo
    kinds_at = {province_of(e.unit.loc): e.unit.kind for e in seen
                if isinstance(e, OrderResult) and e.unit is not None}
    for e in seen:
        if isinstance(e, OrderResult):
            line = _result_line(variant, e, phase.kind, kinds_at)
            yield e.power, _loc(e.unit, e.order), line
        elif isinstance(e, Sighting):
            text = f"{unit_text(geo, e.unit.kind, e.unit.loc)} (order not reported)."
            tag = f"(*{Reason.DISLODGED.value}*)" if e.dislodged else ""
            yield e.unit.power, e.unit.loc, OrderLine(text, tag)
        elif isinstance(e, Adjustment) and e.waived:
            builds = f"{e.waived} build{'s' if e.waived != 1 else ''}"
            yield e.power, None, OrderLine(f"({builds} waived: {NO_ORDER})", "")


def _loc(unit: Unit | None, order: Order | None) -> str | None:
    if unit is not None:
        return unit.loc
    return order.loc if order is not None and order.loc else None


def _result_line(variant: Variant, result: OrderResult, phase_kind: str,
                 kinds_at: dict[str, str]) -> OrderLine:
    text = order_text(variant.rules, result, phase_kind, kinds_at)
    if result.unordered:
        # The rules acted for the power: a hold or a disband, or in the adjustments a
        # removal by the civil disorder rule (DATC 4.D.8).
        note = REMOVED if phase_kind == ADJUSTMENT else NO_ORDER
        text = f"{text.removesuffix('.')} ({note})."
    tag = result_tag(result, partial(in_report_words, variant))
    if (phase_kind == RETREAT or isinstance(result.order, Retreat)) \
            and result.outcome == Outcome.FAILS and result.reason == Reason.BOUNCED:
        tag = f"{tag.removesuffix('*)')}, {DESTROYED}*)"
    return OrderLine(text, tag)


def _tally(events: Iterable[Seen]) -> dict[str, tuple[int, int, int]]:
    """Per power: (results ordered, results nobody ordered, builds waived for want of one)."""
    out: dict[str, tuple[int, int, int]] = {}
    for e in events:
        if isinstance(e, OrderResult):
            ordered, unordered, waived = out.get(e.power, (0, 0, 0))
            out[e.power] = (ordered + (not e.unordered), unordered + e.unordered, waived)
        elif isinstance(e, Adjustment) and e.waived:
            ordered, unordered, _ = out.get(e.power, (0, 0, 0))
            out[e.power] = (ordered, unordered, e.waived)
    return out


def _silent(events: Sequence[Seen], seen: Sequence[Seen]) -> set[str]:
    """Powers that owed orders and sent none, among those whose every result the viewer
    is shown (a projection that hides some of a power's results says nothing of it)."""
    full, shown = _tally(events), _tally(seen)
    return {p for p, t in shown.items() if t == full.get(p) and not t[0] and (t[1] or t[2])}
