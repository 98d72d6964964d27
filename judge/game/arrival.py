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
from dataclasses import dataclass

from judge.engine.position import Position
from judge.engine.rulebook import DuplicateOrders
from judge.engine.types import MOVEMENT, province_of
from judge.game import ordering
from judge.game.canonical import unit_of
from judge.game.refusals import Before, Explainer
from judge.game.writer_view import writer_view
from judge.grammar.notation import place, unit_text
from judge.grammar.reader import Writer
from judge.variant import Variant

Lines = Sequence[tuple[int, ordering.Written]]


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the reply says about one line: `refused` lines go under Errors."""

    line_no: int
    text: str
    detail: str
    refused: bool


def take(variant: Variant, position: Position, power: str,
         current: dict[str, ordering.Written], numbered: Iterable[tuple[int, str]],
         before: Callable[[], Before | None] = lambda: None,
         writer: Writer | None = None) -> list[Feedback]:
    """Add the lines to `current` and say what became of each line that needs a word;
    `writer`: who writes them, with what the seat knows (by default only the power)."""
    read, unreadable = ordering.read_lines(variant, position.phase, numbered,
                                           writer or Writer(power))
    refused = ordering.merge(variant, position, power, current, read)
    failed = {e.line_no for e in refused}
    accepted = [(n, w) for n, w in read if n not in failed]
    why = Explainer(variant, position, power, dict(current), accepted, before)
    out = [*(Feedback(e.line_no, e.text, why.unreadable(e), True) for e in unreadable),
           *(Feedback(e.line_no, e.text, why.refused(e), True) for e in refused),
           *_conflicts(variant, position, power, current, accepted)]
    return sorted(out, key=lambda f: f.line_no)


def _conflicts(variant: Variant, position: Position, power: str,
               current: dict[str, ordering.Written], accepted: Lines) -> list[Feedback]:
    by_unit: dict[str, list[tuple[int, ordering.Written]]] = {}
    for line_no, written in accepted:
        key = ordering.unit_key(variant, written.order)
        if key is not None:
            by_unit.setdefault(key, []).append((line_no, written))
    out: list[Feedback] = []
    for key, lines in by_unit.items():
        meanings = [_meaning(variant, position, power, w) for _, w in lines] \
            if len(lines) > 1 else []
        if len(set(meanings)) > 1:
            out += _settle(variant, position, power, current, key, lines, meanings)
    return out


def _meaning(variant: Variant, position: Position, power: str,
             written: ordering.Written) -> str:
    """The order as the reports print it: 'A par-bur' and 'Army Paris -> Burgundy' agree."""
    return ordering.describe_set(variant, position, power, {"": written})[0]


def _settle(variant: Variant, position: Position, power: str,
            current: dict[str, ordering.Written], key: str, lines: Lines,
            meanings: Sequence[str]) -> list[Feedback]:
    order = lines[-1][1].order
    unit = unit_of(variant, writer_view(variant, position, power)[1], order)
    name = unit_text(variant.rules.geo, unit.kind, unit.loc) if unit else \
        place(variant.rules.geo, province_of(order.loc))
    rule = variant.rules.rulebook.duplicate_orders
    if position.phase.kind == MOVEMENT and rule == DuplicateOrders.HOLD and unit:
        # The unit is left without an order, so the set is not complete and the turn not
        # processed before he can send the one he means; if none comes, it holds.
        current.pop(key, None)
        return _all_refused(lines, name)
    return _last_stands(lines, meanings, name)


def _all_refused(lines: Lines, name: str) -> list[Feedback]:
    why = (f"{_numbers(n for n, _ in lines)} give {name} different orders in one message, "
           f"so none of them stands and {name} is without orders (this game's rule "
           "duplicate_orders=hold, DATC 4.D.3); send the one order you mean; without one it "
           "holds when the turn is processed")
    return [Feedback(n, w.text, why, True) for n, w in lines]


def _last_stands(lines: Lines, meanings: Sequence[str], name: str) -> list[Feedback]:
    last_no, last = lines[-1]
    rule = f"the last order for {name} in a message stands"
    replaced = [(n, w) for (n, w), meaning in zip(lines, meanings, strict=True)
                if meaning != meanings[-1]]
    return [*(Feedback(n, w.text, f"replaced by line {last_no}: {rule}", False)
              for n, w in replaced),
            Feedback(last_no, last.text,
                     f"stands: it replaces {_numbers(n for n, _ in replaced)} ({rule})", False)]


def _numbers(numbers: Iterable[int]) -> str:
    """'line 2', 'lines 2 and 3', 'lines 2, 3 and 5'."""
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return f"line {words[0]}"
    return f"lines {', '.join(words[:-1])} and {words[-1]}"
