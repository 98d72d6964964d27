"""The order lines of one message, taken into the power's set for the open phase.

Each line is read, checked by the phase's own handler against the set it joins, and
answered: a refused line with its reason (judge/game/refusals.py); lines of one message
that give one unit different orders, with what the game's rule made of them. Across
messages a later order for a unit simply replaces the earlier one (DATC 4.D.1).

Within one message (DATC 4.D.3), in a movement phase, the game's `duplicate_orders`
decides: `hold` (the default) refuses all of them and leaves the unit without orders (it
holds if none comes); `last` keeps the last. In retreats and adjustments the last order
for a unit or site stands, as the retreat handler itself does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from judge.engine.position import Position
from judge.engine.refusal import Loc, Param, Refusal, Why
from judge.engine.rulebook import DuplicateOrders
from judge.engine.types import MOVEMENT, province_of
from judge.game import ordering
from judge.game import reasons as G
from judge.game.canonical import unit_of
from judge.game.refusals import Before, Explainer, Said, project
from judge.game.writer_view import Known, writer_view
from judge.grammar.reader import Writer
from judge.variant import Variant

Lines = Sequence[tuple[int, ordering.Written]]


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the reply says about one line, projected for its writer and worded when the
    reply is written (refusals.say): `refused` lines go under Errors."""

    line_no: int
    text: str
    said: Said
    refused: bool


def take(variant: Variant, position: Position, power: str,
         current: dict[str, ordering.Written], numbered: Iterable[tuple[int, str]],
         before: Callable[[], Before | None] = lambda: None,
         writer: Writer | None = None) -> list[Feedback]:
    """Add the lines to `current` and say what became of each line that needs a word;
    `writer`: who writes them, with what the seat knows (by default only the power)."""
    writer = writer or Writer(power)
    known = writer.knowledge if writer.power == power else None
    read, unreadable = ordering.read_lines(variant, position.phase, numbered, writer)
    refused = ordering.merge(variant, position, power, current, read, known)
    failed = {e.line_no for e in refused}
    accepted = [(n, w) for n, w in read if n not in failed]
    why = Explainer(variant, position, power, dict(current), accepted, before, known)
    out = [*(Feedback(e.line_no, e.text, why.unreadable(e), True) for e in unreadable),
           *(Feedback(e.line_no, e.text, why.refused(e), True) for e in refused),
           *_conflicts(variant, position, power, current, accepted, known)]
    seen = writer_view(variant, position, power, known)[1]
    return sorted((replace(f, said=project(f.said, seen)) for f in out),
                  key=lambda f: f.line_no)


def _conflicts(variant: Variant, position: Position, power: str,
               current: dict[str, ordering.Written], accepted: Lines,
               known: Known) -> list[Feedback]:
    by_unit: dict[str, list[tuple[int, ordering.Written]]] = {}
    slot = ordering.slots(variant, position, power, known)
    for line_no, written in accepted:
        key = ordering.unit_key(variant, written.order, slot)
        if key is not None:
            by_unit.setdefault(key, []).append((line_no, written))
    meant = _as_meant(variant, position, power, accepted, known)
    out: list[Feedback] = []
    for key, lines in by_unit.items():
        meanings = [_meaning(variant, position, power, meant[n], known) for n, _ in lines] \
            if len(lines) > 1 else []
        if len(set(meanings)) > 1:
            out += _settle(variant, position, power, current, key, lines, meanings, known,
                           slot)
    return out


def _as_meant(variant: Variant, position: Position, power: str, accepted: Lines,
              known: Known) -> dict[int, ordering.Written]:
    """Each line's order as the phase's handler reads it among the message's others."""
    seen = writer_view(variant, position, power, known)[1]
    orders = variant.rules.handler(position.phase).as_meant(
        variant.rules, seen, power, [w.order for _, w in accepted])
    return {n: replace(w, order=order)
            for (n, w), order in zip(accepted, orders, strict=True)}


def _meaning(variant: Variant, position: Position, power: str,
             written: ordering.Written, known: Known) -> str:
    """The order as the reports print it: 'A par-bur' and 'Army Paris -> Burgundy' agree."""
    return ordering.describe_set(variant, position, power, {"": written}, known)[0]


def _settle(variant: Variant, position: Position, power: str,
            current: dict[str, ordering.Written], key: str, lines: Lines,
            meanings: Sequence[str], known: Known, slot: ordering.Slot) -> list[Feedback]:
    # The unit as the handler reads the line for it: `mun-bel` names Envoy's diplomat in
    # Germany (5.ii), no unit of Munich's.
    order = slot(lines[-1][1].order)
    unit = unit_of(variant, writer_view(variant, position, power, known)[1], order)
    name: Param = unit if unit else Loc(province_of(order.loc))
    rule = variant.rules.rulebook.duplicate_orders
    if position.phase.kind == MOVEMENT and rule == DuplicateOrders.HOLD and unit:
        # The unit is left without an order, so the set is not complete and the turn not
        # processed before he can send the one he means; if none comes, it holds.
        current.pop(key, None)
        return _all_refused(lines, meanings, name)
    if len({province_of(slot(w.order).loc) for _, w in lines}) > 1:
        # One slot at different places: naming the last line's place would name it wrongly
        # for the lines before it, so they are told which slot they share.
        return _last_stands(lines, meanings, G.REPLACED_SLOT, G.STANDS_SLOT, slot=key)
    return _last_stands(lines, meanings, G.REPLACED_BY, G.STANDS, unit=name)


def _all_refused(lines: Lines, meanings: Sequence[str], name: Param) -> list[Feedback]:
    said = numbers(n for n, _ in lines)
    groups: dict[str, list[int]] = {}
    for (n, _), meaning in zip(lines, meanings, strict=True):
        groups.setdefault(meaning, []).append(n)
    why = Refusal.of(G.CLASH_NONE_STANDS, lines=said, unit=name)
    if len(groups) < len(lines):  # some lines repeat one order: say so, and count them
        repeats = "; ".join(f"{numbers(g)} give the same order"
                            for g in groups.values() if len(g) > 1)
        why = Refusal.of(G.CLASH_REPEATED, lines=said, unit=name, count=len(groups),
                         repeats=repeats)
    return [Feedback(n, w.text, (why,), True) for n, w in lines]


def _last_stands(lines: Lines, meanings: Sequence[str], replaced_by: Why, stands_why: Why,
                 **named: Param) -> list[Feedback]:
    last_no, last = lines[-1]
    replaced = [(n, w) for (n, w), meaning in zip(lines, meanings, strict=True)
                if meaning != meanings[-1]]
    by = Refusal.of(replaced_by, line=last_no, **named)
    stands = Refusal.of(stands_why, lines=numbers(n for n, _ in replaced), **named)
    return [*(Feedback(n, w.text, (by,), False) for n, w in replaced),
            Feedback(last_no, last.text, (stands,), False)]


def numbers(numbers: Iterable[int]) -> str:
    """'line 2', 'lines 2 and 3', 'lines 2, 3 and 5'."""
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return f"line {words[0]}"
    return f"lines {', '.join(words[:-1])} and {words[-1]}"
