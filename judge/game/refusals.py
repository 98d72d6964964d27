"""Why an order line was not taken, said so that its writer can put it right.

The engine's reason, in the words of the reports; for a build or removal over the count,
how many are owed and which lines already take them; for an order of another phase's kind,
what the phase takes; and for an order that fitted the phase just processed, that the
phase has moved on (the commonest late order: "there is no unit in Paris" after the army
left it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import NamedTuple

from judge.engine.adjustments import adjustment_counts
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
from judge.engine.position import Position
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT
from judge.game import ordering
from judge.game.writer_view import writer_view
from judge.grammar import OrderSyntaxError
from judge.grammar.reader import Writer, reader_for
from judge.grammar.wording import in_report_words
from judge.variant import Variant, power_name

HELP_ORDERS = "HELP ORDERS shows how to write orders, with examples."

# What each standard phase kind takes, to answer an order of another kind in the words of
# HELP ORDERS rather than the engine's ("not Move(loc='mar', ...)").
# Refusals a late order meets: its unit has moved on, or another power's stands there now.
# An order of the phase's own kind refused for any other reason (a retreat to a space the
# unit may not reach) was meant for this phase, so it gets no "moved on" note.
_GONE = frozenset({Reason.NO_UNIT, Reason.NOT_YOURS})
_TAKES: dict[str, tuple[tuple[type, ...], str]] = {
    MOVEMENT: ((Hold, Move, Support, Convoy), "holds, moves, supports and convoys"),
    RETREAT: ((Retreat, Disband), "retreats and disbands"),
    ADJUSTMENT: ((Build, Disband, Waive), "builds, removals and WAIVE"),
}
_NAMES: tuple[tuple[type, str], ...] = (
    (Hold, "a hold"), (Move, "a move"), (Support, "a support"), (Convoy, "a convoy"),
    (Retreat, "a retreat"), (Build, "a build"), (Waive, "a waive"), (Disband, "a disband"))


class Before(NamedTuple):
    """The phase processed last, for orders that come after it: its board, and when it was
    processed, in the reader's time zone."""

    position: Position
    processed: str


class Explainer:
    """Reasons for one message's refused lines, given the set they were tried against.

    `before` is asked only when a line is refused: reading the game's turns again for
    every order message would cost more than the message itself."""

    def __init__(self, variant: Variant, position: Position, power: str,
                 current: Mapping[str, ordering.Written],
                 accepted: Sequence[tuple[int, ordering.Written]],
                 before: Callable[[], Before | None]) -> None:
        self.variant, self.position, self.power = variant, position, power
        self.current = current
        self.accepted = accepted  # this message's lines taken
        self._before = before

    @cached_property
    def before(self) -> Before | None:
        return self._before()

    def unreadable(self, error: ordering.LineError) -> str:
        if reader_for(self.variant).reads_as_prose(error.text):
            return ("this is neither an order nor a command: write one order per line, "
                    f"and anything else after SIGNOFF. {HELP_ORDERS}")
        return self._late(error.text) or f"{error.reason} {HELP_ORDERS}"

    def refused(self, error: ordering.LineError) -> str:
        result = error.refusal
        assert result is not None and result.order is not None
        reason = wrong = self._wrong_kind(error.text, result.order)
        if reason is None and result.reason == Reason.TOO_MANY:
            reason = self._too_many(result)
        hint = wrong is not None or result.reason in _GONE
        reason = reason or in_report_words(self.variant, error.reason)
        late = self._late(error.text) if hint else ""
        return f"{reason.rstrip('.')}. {late}" if late else reason

    def _wrong_kind(self, text: str, order: Order) -> str | None:
        kind = self.position.phase.kind
        declared = self.variant.rules.registry.orders.get(type(order))
        takes = _TAKES.get(kind)
        # A type the variant registers for this phase is no wrong kind (a variant's own order).
        if takes is None or isinstance(order, takes[0]) or (
                declared is not None and kind in declared.phases):
            return None
        what = next((name for kind, name in _NAMES if isinstance(order, kind)), "an order")
        return (f"'{text.strip()}' is {what}, but {self._title(self.position)} takes only "
                f"{takes[1]}; {HELP_ORDERS}")

    def _too_many(self, result: OrderResult) -> str:
        """A build or removal over the count: how many are owed, and which take them."""
        country = result.power
        owed = adjustment_counts(self.variant.rules, self.position).get(country, 0)
        building = isinstance(result.order, Build | Waive)
        name = power_name(country)
        if (owed > 0) != building or not owed:
            return f"{name} has no {'build' if building else 'removal'} to make " \
                   f"in {self._title(self.position)}"
        taken = ", ".join(self._taking(country, building))
        plural = "s" if abs(owed) > 1 else ""
        verb, noun = ("build", "unit") if building else ("remove", "unit")
        return (f"{name} may {verb} {abs(owed)} {noun}{plural} in "
                f"{self._title(self.position)}, and {taken} already "
                f"{'take them' if plural else 'takes it'}; to change them, send CLEAR and "
                f"then the ones you want")

    def _taking(self, country: str, building: bool) -> list[str]:
        """The orders of the set that use `country`'s builds (or removals), as written."""
        # On the board he knows, as his lines were checked: a build that will bounce off
        # what he cannot see is taking its build as far as he may be told.
        rules, seen = writer_view(self.variant, self.position, self.power)
        orders = ordering.orders_of(self.current)
        outcome = rules.handler(self.position.phase).adjudicate(
            rules, seen, {self.power: orders})
        wanted = (Build, Waive) if building else (Disband,)
        used = [r.order for r in outcome.results if r.power == country
                and r.outcome == Outcome.SUCCEEDS and isinstance(r.order, wanted)]
        return [self._quote(written) for written in self.current.values()
                if any(written.order is order for order in used)]

    def _quote(self, written: ordering.Written) -> str:
        line = next((n for n, w in self.accepted if w is written), None)
        return f"'{written.text}' ({f'line {line}' if line else 'sent earlier'})"

    def _late(self, text: str) -> str:
        """'The phase has moved on ...' when `text` was an order the phase before took."""
        before = self.before
        if before is None or not self._fitted(before.position, text):
            return ""
        return (f"The phase has moved on: it is now {self._title(self.position)}. This "
                f"order fits {self._title(before.position)}, which was processed "
                f"{before.processed}: orders for it came too late. Order the units as "
                f"they stand now (see the last report).")

    def _fitted(self, position: Position, text: str) -> bool:
        try:
            order = reader_for(self.variant).read(text, position.phase.kind,
                                                  Writer(self.power))
        except OrderSyntaxError:
            return False
        written = ordering.Written(text.strip(), order)
        return ordering.refusal(self.variant, position, self.power, {"": written},
                                written) is None

    def _title(self, position: Position) -> str:
        return self.variant.rules.calendar.describe(position.phase)
