"""Wires fighters (rn45 C7) into an Engineered game: the damage order and its reading, the
fighters' checks, and the movement phase resolved by FighterResolver (the unit power chart),
which disbands a decoy its outcome exposes (C8 8c) and moves a decoy beside its copy last.

At the simple level (rn45 A) none of the fighter rules apply: the level is read when a
phase is checked and adjudicated (options.py: a game's options, or those `judge adjudicate`
is given in the request's state), so damage lines are read and then refused with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from judge.engine.legality import Board, Checked
from judge.engine.movement import resolve_movement
from judge.engine.order_types import OrderType, Registry, Writing
from judge.engine.orders import Build, Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules
from judge.engine.types import MOVEMENT
from judge.variant import Variant

from .damage import Damage, damage_type
from .damage_reader import damage_reader
from .decoys import DECOY_DISBANDED
from .decoys_exposure import with_exposure
from .decoys_phase import with_stacked
from .fighters import FIGHTER, complex_at, with_fighter_checks
from .fighters_resolver import FighterResolver
from .options import Options, options_at

Orders = Mapping[str, Sequence[Order]]


def wire(variant: Variant) -> Variant:
    """C7, and the decoys' movement (C8 8a-8c), which needs none unless a decoy stands;
    decoys_wiring.py wires the rest of C8, after the engineers' Winter."""
    rules, defaults = variant.rules, variant.options
    # The resolver disbands an exposed decoy (8c) wherever a decoy stands, a game's or one
    # given to `judge adjudicate`, whose reply must know the event.
    registry = with_fighter_checks(rules.registry, defaults) \
        .with_orders(damage_type(defaults), named_fighter_builds(rules.registry)) \
        .with_events(DECOY_DISBANDED)
    rules = replace(rules, registry=registry,
                    handlers={**rules.handlers, MOVEMENT: FighterMovement(defaults)})
    return replace(variant, rules=rules, reader=damage_reader(variant.reader))


def named_fighter_builds(registry: Registry) -> OrderType:
    """B7 writes a fighter F and the rules' examples a fleet F too (`F StP`): a build of a
    fighter says so, so that a player who meant a navy (N) sees what he ordered."""
    built = registry.orders[Build]
    write = built.write

    def written(w: Writing, own: str, order: Build) -> str:
        said = write(w, own, order)
        return f"{said[:-1]} (a fighter)." if order.kind == FIGHTER else said

    return replace(built, write=written)


class FighterMovement(PhaseHandler):
    """The standard movement phase with FighterResolver; a damage order that hit nothing
    (its move not made, its unit moving) is void, as a support of a move not made is."""

    def __init__(self, defaults: Options) -> None:
        self.defaults = defaults

    def adjudicate(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        if not complex_at(self.defaults, position):
            return resolve_movement(rules, position, orders)  # rn45 A: the simple game
        # A decoy beside its copy moves last (C8 8b); any other may be exposed (8c).
        swapping = options_at(self.defaults, position).get("decoy_beside") != "off"
        return with_stacked(rules, position, orders,
                            lambda board, given: self.exposing(rules, board, given), swapping)

    def exposing(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        out = self.resolve(rules, position, orders)
        return with_exposure(position, out, lambda real: self.resolve(rules, real, orders))

    def resolve(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        made: list[FighterResolver] = []

        def build(r: Rules, board: Board, legal: list[Checked | None]) -> FighterResolver:
            made.append(FighterResolver(r, board, legal))
            return made[-1]  # the last: a 1971 land route is judged again (DATC 6.G.4)

        out = resolve_movement(rules, position, orders, build)
        missed = {made[-1].units[i] for i, hit in made[-1].damaged.items() if not hit}
        if not missed:
            return out
        results = tuple(_void(r) if r.unit in missed and isinstance(r.order, Damage) else r
                        for r in out.results)
        events = (*results, *(e for e in out.events if not isinstance(e, OrderResult)))
        return PhaseOutcome(results, out.position, events)


def _void(result: OrderResult) -> OrderResult:
    if result.dislodged:
        return result
    return result._replace(outcome=Outcome.VOID, reason=Reason.NO_MATCH)
