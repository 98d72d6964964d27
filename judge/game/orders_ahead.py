"""Lines of one message sent ahead (`PHASE <later phase>`) that give one unit different
orders (DATC 4.D.3), settled as arrival.py settles them in the open phase and said the
same way. Polish 25: both lines were kept without a word, and the phase took the last.

No board is known yet, so a line's unit is the place it names (ordering.unit_key as
written) and two lines agree when they name the same order, the unit kind aside (DATC
4.C.1: a hint). Nothing here reads a unit the writer may not see: only his own lines.
In a movement phase under duplicate_orders=hold none of them is kept, nor an order for
that unit an earlier message sent ahead (`current.pop` in arrival._settle); otherwise
the last stands, as the phase's merge of the stored lines will make it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, is_dataclass, replace

from judge.engine.handler import PhaseHandler
from judge.engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support
from judge.engine.refusal import Loc, Refusal, Why
from judge.engine.rulebook import DuplicateOrders
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, Phase, province_of
from judge.game import ordering
from judge.game import reasons as G
from judge.game.arrival import Feedback, Lines, numbers
from judge.grammar.reader import Writer
from judge.variant import Variant

_FITS: dict[str, tuple[type, ...]] = {MOVEMENT: (Hold, Move, Support, Convoy),
                                      RETREAT: (Retreat, Disband), ADJUSTMENT: (Build, Disband)}
AHEAD_CLASH = Why(
    "ahead_clash", "{lines} give the unit in {place} different orders for {phase} in one "
    "message, so none of them is kept and it has no order for {phase} (this game's rule "
    "duplicate_orders=hold, DATC 4.D.3); send the one order you mean after PHASE {phase}; "
    "without one it holds when the turn is processed")
# Fix 26: "lines 3, 4 and 5 give different orders" was said when lines 3 and 4 were one
# order written twice; then the words say how many orders there are, and which repeat.
AHEAD_CLASH_REPEATED = Why(
    "ahead_clash_repeated", "{lines} give the unit in {place} {count} different orders for "
    "{phase} in one message ({repeats}), so none of them is kept and it has no order for "
    "{phase} (this game's rule duplicate_orders=hold, DATC 4.D.3); send the one order you "
    "mean after PHASE {phase}; without one it holds when the turn is processed")


def settle(variant: Variant, phase: Phase, read: Lines) -> tuple[Lines, list[Feedback], set[str]]:
    """The lines to keep, what the reply says of the clashing ones, and the units left
    without orders (whose earlier orders sent ahead go too)."""
    by_unit: dict[str, list[tuple[int, ordering.Written]]] = {}
    for line_no, written in read if _keyed_as_written(variant, phase) else ():
        if not _plain(variant, phase, written.order):
            continue  # refused when the phase opens, or for a unit the board must name
        key = ordering.unit_key(variant, written.order)
        if key is not None:
            by_unit.setdefault(key, []).append((line_no, written))
    none_stands = phase.kind == MOVEMENT \
        and variant.rules.rulebook.duplicate_orders == DuplicateOrders.HOLD
    said: list[Feedback] = []
    dropped: set[str] = set()
    for key, lines in by_unit.items():
        if len({_meaning(w.order) for _, w in lines}) < 2:
            continue
        place = Loc(province_of(lines[-1][1].order.loc))
        if none_stands:
            dropped.add(key)
            why = _clash(lines, place, phase)
            said += [Feedback(n, w.text, (why,), True) for n, w in lines]
        else:
            said += _last_stands(lines, place)
    gone = {f.line_no for f in said if f.refused}
    return [(n, w) for n, w in read if n not in gone], said, dropped


def _clash(lines: Lines, place: Loc, phase: Phase) -> Refusal:
    """Why none of `lines` is kept, saying which of them repeat one order."""
    groups: dict[object, list[int]] = {}
    for n, w in lines:
        groups.setdefault(_meaning(w.order), []).append(n)
    all_lines = numbers(n for n, _ in lines)
    if len(groups) == len(lines):
        return Refusal.of(AHEAD_CLASH, lines=all_lines, place=place, phase=str(phase))
    repeats = "; ".join(f"{numbers(g)} give the same order" for g in groups.values()
                        if len(g) > 1)
    return Refusal.of(AHEAD_CLASH_REPEATED, lines=all_lines, place=place, phase=str(phase),
                      count=len(groups), repeats=repeats)


def _keyed_as_written(variant: Variant, phase: Phase) -> bool:
    """Whether the phase's handler reads each order for the unit it names (not Envoy's
    `mun-bel` for its diplomat in Germany, which only the board tells)."""
    handler = variant.rules.handler(phase)
    return type(handler).for_unit is PhaseHandler.for_unit


def _plain(variant: Variant, phase: Phase, order: Order) -> bool:
    """An order of the phase's own kind for a unit of the main layer: no build sent for a
    movement phase (refused when it opens), no order of a variant's own."""
    return isinstance(order, _FITS.get(phase.kind, ())) \
        and order.kind not in variant.rules.geo.other_layers


def _last_stands(lines: Lines, place: Loc) -> list[Feedback]:
    last_no, last = lines[-1]
    replaced = [(n, w) for n, w in lines[:-1] if _meaning(w.order) != _meaning(last.order)]
    by = Refusal.of(G.REPLACED_BY, line=last_no, unit=place)
    stands = Refusal.of(G.STANDS, lines=numbers(n for n, _ in replaced), unit=place)
    return [*(Feedback(n, w.text, (by,), False) for n, w in replaced),
            Feedback(last_no, last.text, (stands,), False)]


def without(variant: Variant, phase: Phase, stored: Sequence[str], units: set[str],
            writer: Writer) -> list[str]:
    """The stored lines sent ahead, but those for `units`."""
    if not units:
        return list(stored)
    read, _ = ordering.read_lines(variant, phase, enumerate(stored), writer)
    gone = {n for n, w in read if ordering.unit_key(variant, w.order) in units}
    return [text for n, text in enumerate(stored) if n not in gone]


def _meaning(order: Order) -> object:
    """The order without the unit kind its writer named (DATC 4.C.1: 'A par-bur' and
    'Paris -> Burgundy' are one order), but a build's, which is what it builds."""
    if isinstance(order, Build) or not is_dataclass(order):
        return order
    if any(f.name == "kind" for f in fields(order)):
        return replace(order, kind=None)
    return order
