"""The Rules record: everything the engine needs to know about one variant.

Standard Diplomacy is this record filled from data. A variant that differs in its rules
replaces a hook (who may order a unit, a phase handler, the victory test) and keeps the
rest; mail and reports never ask which variant they are dealing with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from judge.engine.calendar import STANDARD_CALENDAR, Season, SeasonCalendar
from judge.engine.centres import standard_season_end
from judge.engine.geo import Geography
from judge.engine.handler import PhaseHandler as PhaseHandler
from judge.engine.handler import PhaseOutcome as PhaseOutcome
from judge.engine.handler import WrappedPhase as WrappedPhase
from judge.engine.knowledge import KnowledgeFold, KnownBoard, last_seen, last_seen_board
from judge.engine.order_types import Registry
from judge.engine.orders import Order
from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.engine.questions import Question, no_questions
from judge.engine.rulebook import Rulebook
from judge.engine.types import Phase, Unit, UnitKind
from judge.engine.unseen import Unseen
from judge.engine.visibility import FullInformation, Visibility

# PhaseHandler, PhaseOutcome and WrappedPhase (handler.py) are imported from here as ever.


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

    @property
    def convoy_adjacency(self) -> dict[str, frozenset[str]]:
        """Province-level borders of every kind that convoys: the seas an army crosses."""
        return self.geo.convoy_adjacency

    @property
    def distances(self) -> dict[str, dict[str, int]]:
        """Shortest distance between provinces over land and sea alike (2023 civil disorder)."""
        return self.geo.distances()

    def main_units(self, position: Position) -> list[Unit]:
        """The units the standard phases act on (other layers belong to variant hooks)."""
        if self.geo.one_layer:
            return list(position.units)
        kinds = self.geo.kinds
        return [u for u in position.units if kinds[u.kind].layer == "main"]

    def handler(self, phase: Phase) -> PhaseHandler:
        try:
            return self.handlers[phase.kind]
        except KeyError:
            raise ValueError(f"this variant has no phase of kind {phase.kind!r}") from None

    def plays_without_orders(self, position: Position) -> bool:
        """Whether `position`'s phase is played without waiting for orders (a variant's
        builds made from lists sent with the moves): no deadline of it is anyone's."""
        return self.handler(position.phase).runs_without_orders(self, position)

