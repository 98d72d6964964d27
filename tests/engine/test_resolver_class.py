"""resolve_movement's `resolver_class`: a variant's resolver subclass decides the phase
(Engineered's unit power chart, variants/engineered/fighters_resolver.py); the default is
the standard Resolver."""

from __future__ import annotations

from judge.engine.legality import Board, Checked
from judge.engine.movement import resolve_movement
from judge.engine.orders import Hold, Move, Order
from judge.engine.outcome import Outcome, Reason
from judge.engine.position import Position
from judge.engine.resolver import Resolver
from judge.engine.rules import Rules
from judge.engine.types import Phase, Unit
from judge.variant_loader import load_variant

V = load_variant("standard")
BOARD = Position(Phase.parse("S1901M"),
                 (Unit("AUSTRIA", "A", "ser"), Unit("TURKEY", "A", "bul")), {})
ORDERS: dict[str, list[Order]] = {"AUSTRIA": [Move("ser", "bul")], "TURKEY": [Hold("bul")]}


class Weak(Resolver):
    """Every unit holds with strength 0: any attack dislodges."""

    def hold(self, prov: str) -> int:
        return 0


def test_the_default_is_the_standard_resolver() -> None:
    out = resolve_movement(V.rules, BOARD, ORDERS)
    (move,) = [r for r in out.results if r.unit == BOARD.units[0]]
    assert (move.outcome, move.reason) == (Outcome.FAILS, Reason.BOUNCED)


def test_a_resolver_class_decides_the_phase() -> None:
    made: list[Resolver] = []

    def build(rules: Rules, board: Board, legal: list[Checked | None]) -> Resolver:
        made.append(Weak(rules, board, legal))
        return made[-1]

    out = resolve_movement(V.rules, BOARD, ORDERS, build)
    assert len(made) == 1
    assert Unit("AUSTRIA", "A", "bul") in out.position.units
    assert [d.unit for d in out.position.dislodged] == [Unit("TURKEY", "A", "bul")]
