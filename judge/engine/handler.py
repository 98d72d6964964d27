"""The phase handler's contract: what the turn and the game layer ask of each phase kind.

Kept apart from rules.py, and out of the compiled build (setup.py), so that a handler that
forgets `adjudicate` is refused when it is made, as an abstract class is: a compiled base
would let a variant's interpreted subclass without it be made (tests/engine/
test_phase_contract.py). The standard handlers (movement.py, retreats.py, adjustments.py)
derive from it and are ordinary Python classes in the compiled build too.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from judge.engine.orders import Build, Disband, Order, Waive
from judge.engine.outcome import Event, OrderResult
from judge.engine.position import Position
from judge.engine.types import Unit

if TYPE_CHECKING:
    from judge.engine.rules import Rules


class PhaseOutcome(NamedTuple):
    """What a phase handler returns: results, the board after it, and its events.

    A NamedTuple, as OrderResult: one is built per phase, and a frozen dataclass costs
    several times as much to build (bench/)."""

    results: tuple[OrderResult, ...]
    position: Position
    events: tuple[Event, ...] = ()


class PhaseHandler(ABC):
    """What a phase kind's handler does: the one contract the turn and the game layer call,
    with the defaults of a phase that waits for orders. A variant's handler subclasses it
    (or `WrappedPhase`) and overrides what differs."""

    def needed(self, rules: Rules, position: Position) -> bool:
        """Whether the phase has anything to decide (else the cycle skips it)."""
        return True

    @abstractmethod
    def adjudicate(
        self, rules: Rules, position: Position, orders: Mapping[str, Sequence[Order]]
    ) -> PhaseOutcome: ...

    def owed(self, rules: Rules, position: Position, power: str,
             orders: Sequence[Order]) -> tuple[str, ...]:
        """What `power` still owes, given the orders it has sent (empty: complete). By
        default a power is complete once it has sent any order, so that the turn is not
        processed before everyone has written. The game layer words the standard phases'
        units and adjustments itself (judge/game/owed.py)."""
        return () if orders else ("orders (none sent yet)",)

    def runs_without_orders(self, rules: Rules, position: Position) -> bool:
        """Whether the phase is adjudicated without waiting for anyone (Algernon 9, I.C:
        standing orders); by default it waits for orders or the deadline."""
        return False

    def upkeep(self, rules: Rules, unit: Unit) -> int:
        """How many of its power's supply the unit takes at adjustments: 1 by default
        (Global Diplomacy's units cost 1 or 2 points)."""
        return 1

    def settles(self, rules: Rules, order: Order) -> bool:
        """Whether `order` is one of the builds, removals or waives an adjustment owes
        (judge/game/owed.py counts them): by default every build, removal and waive;
        a variant's unit that takes no supply may be built beside them (rn45 C3 3c)."""
        return isinstance(order, Build | Disband | Waive)

    def choices(self, rules: Rules, position: Position, power: str,
                orders: Sequence[Order] = ()) -> tuple[str, ...]:
        """What `power` may still order in this phase beyond what it owes, given the orders
        it has sent, each as its player reads it (rn45 C2 2a: a unit an engineer may
        convert in a Winter; C1 1a: the engineer placed with the first Spring's orders).
        The reply to his orders and his reminders name them (judge/game/owed.py); in an
        adjustment phase where he owes nothing, the turn waits for his orders or his WAIVE
        as for one who owes. Nothing by default."""
        return ()

    def as_ordered(self, rules: Rules, position: Position, power: str,
                   orders: Sequence[Order]) -> Position:
        """The board as `power`'s own `orders` make it before they are carried out: the
        replies to them name each unit on it (rn45 C1 1d: the start unit a power takes as
        an army by ordering it as one). By default the board as it stands."""
        return position

    def as_meant(self, rules: Rules, position: Position, power: str,
                 orders: Sequence[Order]) -> list[Order]:
        """`power`'s `orders`, each as the handler will read it among the others (1885-III:
        `A Eng - Por` from the A/F's sea is its landing): one message's two lines for one
        unit that mean the same are no conflict. By default each as written."""
        return list(orders)

    def for_unit(self, rules: Rules, position: Position, power: str, order: Order) -> Order:
        """`order` as written for the unit the handler reads it for on the board `power`
        knows (`position`): a power's order set keeps one order per such unit (judge/game/
        ordering.py; DATC 4.D.1, 4.D.3). A variant whose line may be for a unit of another
        layer than it names (Envoy 5.ii: `mun-bel` is the diplomat's in Germany) says so;
        by default the order as written."""
        return order

    def refused_alone(self, rules: Rules, order: Order) -> str | None:
        """Where the handler refuses an order (an ILLEGAL outcome, or a reason that speaks
        of the order itself) by the order and the board alone, whatever else is ordered, as
        long as no other order is for the same place: that place (the unit's province, as
        legality finds it); else None. The game layer then checks a message's lines in one
        adjudication rather than one each (judge/game/ordering.py). None by default: a
        variant's handler may weigh an order's legality against the others."""
        return None


class WrappedPhase(PhaseHandler):
    """A handler around another (a variant's checks before the standard phase): each part
    is the inner handler's unless overridden, usually `adjudicate`."""

    def __init__(self, inner: PhaseHandler) -> None:
        self.inner = inner

    def adjudicate(
        self, rules: Rules, position: Position, orders: Mapping[str, Sequence[Order]]
    ) -> PhaseOutcome:
        return self.inner.adjudicate(rules, position, orders)

    def needed(self, rules: Rules, position: Position) -> bool:
        return self.inner.needed(rules, position)

    def owed(self, rules: Rules, position: Position, power: str,
             orders: Sequence[Order]) -> tuple[str, ...]:
        return self.inner.owed(rules, position, power, orders)

    def runs_without_orders(self, rules: Rules, position: Position) -> bool:
        return self.inner.runs_without_orders(rules, position)

    def upkeep(self, rules: Rules, unit: Unit) -> int:
        return self.inner.upkeep(rules, unit)

    def settles(self, rules: Rules, order: Order) -> bool:
        return self.inner.settles(rules, order)

    def choices(self, rules: Rules, position: Position, power: str,
                orders: Sequence[Order] = ()) -> tuple[str, ...]:
        return self.inner.choices(rules, position, power, orders)

    def as_ordered(self, rules: Rules, position: Position, power: str,
                   orders: Sequence[Order]) -> Position:
        return self.inner.as_ordered(rules, position, power, orders)

    def as_meant(self, rules: Rules, position: Position, power: str,
                 orders: Sequence[Order]) -> list[Order]:
        return self.inner.as_meant(rules, position, power, orders)

    def for_unit(self, rules: Rules, position: Position, power: str, order: Order) -> Order:
        return self.inner.for_unit(rules, position, power, order)
