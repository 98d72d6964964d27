"""The Rules record: everything the engine needs to know about one variant.

Standard Diplomacy is this record filled from data. A variant that differs in its rules
replaces a hook (who may order a unit, a phase handler, the victory test) and keeps the
rest; mail and reports never ask which variant they are dealing with.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from judge.engine.calendar import STANDARD_CALENDAR, Season, SeasonCalendar
from judge.engine.centres import standard_season_end
from judge.engine.geo import Geography
from judge.engine.knowledge import KnowledgeFold, KnownBoard, last_seen, last_seen_board
from judge.engine.orders import Build, Disband, Waive
from judge.engine.questions import Question, no_questions
from judge.engine.rulebook import Rulebook
from judge.engine.types import Phase, Unit, UnitKind, province_of
from judge.engine.unseen import Unseen
from judge.engine.visibility import FullInformation, Visibility

if TYPE_CHECKING:
    from judge.engine.order_types import Registry
    from judge.engine.orders import Order
    from judge.engine.outcome import Event, OrderResult
    from judge.engine.position import Position


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


def own_units_only(position: Position, power: str, unit: Unit) -> bool:
    return unit.power == power


def countries_written_by(rules: Rules, position: Position, power: str) -> tuple[str, ...]:
    """The countries whose orders `power` writes (whose builds and removals it owes).

    Without the hook, `may_order` is asked about a unit of each country: who may order a
    country's units also writes its adjustments, even when it has no unit left."""
    if rules.orders_for is not None:
        return rules.orders_for(position, power)
    main = next((k.code for k in rules.kinds.values() if k.layer == "main"), "A")
    return tuple(p for p in rules.powers if p == power or rules.may_order(
        position, power, Unit(p, main, next(iter(sorted(rules.homes.get(p, ()))), ""))))


def centre_supply(rules: Rules, position: Position) -> dict[str, int]:
    """How many units each power's centres support: each centre's value, whoever owns it."""
    return rules.geo.centre_counts(position.owners)


def standard_registry() -> Registry:
    """Standard Diplomacy's order and event types (imported here, not above: they carry
    the movement checks, which need Rules)."""
    from judge.engine.standard_types import STANDARD

    return STANDARD


def most_centres_wins(rules: Rules, position: Position) -> tuple[str, ...]:
    """A solo: the one power holding `victory_centres` worth of centres. Variants with
    alliance victories (1885-III) or points (Global Diplomacy) return several or rank."""
    need = rules.rulebook.victory_centres
    leaders = [p for p, n in rules.geo.centre_counts(position.owners).items() if n >= need]
    return tuple(leaders) if len(leaders) == 1 else ()


@dataclass(frozen=True)
class Rules:
    geo: Geography
    powers: tuple[str, ...]
    homes: Mapping[str, frozenset[str]]
    rulebook: Rulebook = field(default_factory=Rulebook)
    calendar: SeasonCalendar = STANDARD_CALENDAR
    handlers: Mapping[str, PhaseHandler] = field(default_factory=dict)
    may_order: Callable[[Position, str, Unit], bool] = own_units_only
    victory: Callable[[Rules, Position], tuple[str, ...]] = most_centres_wins
    # Each power's count towards victory, for "who leads" (a concession to the leader):
    # plain centres (standard), or the variant's own count (Envoy 10: allies' centres, the
    # capital twice).
    standing: Callable[[Rules, Position], Mapping[str, int]] = centre_supply
    # The units each power's centres support, for adjustments: a centre's value may depend
    # on its owner (Envoy 3: a player's own capital supports two).
    supply: Callable[[Rules, Position], dict[str, int]] = centre_supply
    # Runs when a season ends: centres change hands (standard), a neutral's controller
    # changes (Envoy rule 7), a prison term runs out (Engineered).
    season_end: Callable[[Rules, Position, Season], tuple[Position, list[Event]]] = (
        standard_season_end
    )
    visibility: Visibility = field(default_factory=FullInformation)
    # The countries whose orders a power writes (Envoy 6: his own, his Major Allies' and
    # Controlled Neutrals'); None: those it `may_order` a unit of (`countries_written_by`).
    orders_for: Callable[[Position, str], tuple[str, ...]] | None = None
    # What the master must decide before the phase is adjudicated (judge/engine/
    # questions.py: 1885-III's removals "in the GM's judgment"); none by default.
    questions: Callable[[Rules, Position, Mapping[str, Sequence[Order]]],
                        tuple[Question, ...]] = no_questions
    # What a player learns from each turn, folded into his record (judge/engine/
    # knowledge.py): by default the board as he last saw it.
    knowledge: KnowledgeFold = last_seen
    # The board that record shows him, which his order lines are checked on (judge/game/
    # writer_view.py); a variant with a fold of its own gives its own, or keeps the
    # default, which reads `last_seen`'s record and otherwise the board as shown.
    known_board: KnownBoard = last_seen_board
    # The order and event types of the variant (order_types.py): the standard ones, and
    # those its rules.py registers.
    registry: Registry = field(default_factory=standard_registry)
    # Where units the writer of the orders cannot see may stand, when legality is asked for
    # one writer (judge/engine/unseen.py); None at adjudication, which sees the whole board.
    unseen: Unseen | None = None

    @property
    def kinds(self) -> Mapping[str, UnitKind]:
        return self.geo.kinds

    @cached_property
    def convoy_adjacency(self) -> dict[str, frozenset[str]]:
        """Province-level borders of every kind that convoys: the seas an army crosses."""
        out: dict[str, set[str]] = {}
        for kind in self.kinds.values():
            if not kind.convoys_in:
                continue
            for a, near in self.geo.graphs.get(kind.graph, {}).items():
                out.setdefault(province_of(a), set()).update(province_of(b) for b in near)
        return {p: frozenset(n) for p, n in out.items()}

    @cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        """Shortest distance between provinces over land and sea alike (2023 civil disorder)."""
        main = {k.graph for k in self.kinds.values() if k.layer == "main"}
        graph = self.geo.province_graph(main)
        return {p: _bfs(graph, p) for p in graph}

    def main_units(self, position: Position) -> list[Unit]:
        """The units the standard phases act on (other layers belong to variant hooks)."""
        if self._one_layer:
            return list(position.units)
        kinds = self.geo.kinds
        return [u for u in position.units if kinds[u.kind].layer == "main"]

    @cached_property
    def _one_layer(self) -> bool:
        return all(k.layer == "main" for k in self.geo.kinds.values())

    def handler(self, phase: Phase) -> PhaseHandler:
        try:
            return self.handlers[phase.kind]
        except KeyError:
            raise ValueError(f"this variant has no phase of kind {phase.kind!r}") from None


def _bfs(graph: Mapping[str, frozenset[str]], start: str) -> dict[str, int]:
    seen = {start: 0}
    frontier = [start]
    while frontier:
        nxt: list[str] = []
        for p in frontier:
            for q in graph[p]:
                if q not in seen:
                    seen[q] = seen[p] + 1
                    nxt.append(q)
        frontier = nxt
    return seen
