"""Wires fighters (rn45 C7) into an Engineered game: the damage order and its reading, the
fighters' checks, and the movement phase resolved by FighterResolver (the unit power chart),
which disbands a decoy its outcome exposes (C8 8c); and decoys, when the game has them.

At the simple level (rn45 A) there are no fighter rules: `wire` leaves the game as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from judge.engine.legality import Board, Checked
from judge.engine.movement import resolve_movement
from judge.engine.orders import Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules
from judge.engine.types import MOVEMENT
from judge.variant import Variant

from .damage import DAMAGE, Damage
from .damage_reader import damage_reader
from .decoys_exposure import with_exposure
from .decoys_phase import with_stacked
from .decoys_wiring import wire_decoys
from .fighters import with_fighter_checks
from .fighters_resolver import FighterResolver

Orders = Mapping[str, Sequence[Order]]
LEVELS = ("complex", "advanced")  # rn45 A: C7 is [Complex]


def wire(variant: Variant) -> Variant:
    """C7, and C8 when the game has decoys (an option of the complex game, rn45 C2 2b)."""
    if str(variant.options.get("level", "simple")) not in LEVELS:
        return variant
    rules = variant.rules
    registry = with_fighter_checks(rules.registry).with_orders(DAMAGE)
    rules = replace(rules, registry=registry,
                    handlers={**rules.handlers, MOVEMENT: FighterMovement()})
    variant = replace(variant, rules=rules, reader=damage_reader(variant.reader))
    return wire_decoys(variant) if variant.options.get("decoys") else variant


class FighterMovement(PhaseHandler):
    """The standard movement phase with FighterResolver; a damage order that hit nothing
    (its move not made, its unit moving) is void, as a support of a move not made is."""

    def adjudicate(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        # A decoy beside its copy moves last (C8 8b); any other may be exposed (8c).
        return with_stacked(rules, position, orders,
                            lambda board, given: self.exposing(rules, board, given))

    def exposing(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        out = self.resolve(rules, position, orders)
        return with_exposure(position, out, lambda real: self.resolve(rules, real, orders))

    def resolve(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        made: list[FighterResolver] = []

        def build(r: Rules, board: Board, legal: list[Checked | None]) -> FighterResolver:
            made.append(FighterResolver(r, board, legal))
            return made[0]

        out = resolve_movement(rules, position, orders, build)
        missed = {made[0].units[i] for i, hit in made[0].damaged.items() if not hit}
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
