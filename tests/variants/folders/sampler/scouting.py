"""SCOUT: a unit looks into a neighbouring province instead of moving. It holds; its owner
alone learns which units stand there after the phase (a `Scouted` event)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from judge.engine.board import Board, Illegal
from judge.engine.codec import unit_from_json, unit_to_json
from judge.engine.legality import check_movement
from judge.engine.order_types import EventType, OrderType, Registry, Writing
from judge.engine.orders import Order, VariantOrder
from judge.engine.outcome import OrderResult, Outcome, VariantEvent
from judge.engine.position import Position
from judge.engine.refusal import Loc, Why, state
from judge.engine.rules import PhaseOutcome, Rules, WrappedPhase
from judge.engine.standard_types import unit_slot
from judge.engine.types import MOVEMENT, Unit

Orders = Mapping[str, Sequence[Order]]


@dataclass(frozen=True, slots=True)
class Scout(VariantOrder):
    loc: str
    dest: str
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class Scouted(VariantEvent):
    power: str
    place: str
    units: tuple[Unit, ...]


# The variant's own reason (judge/engine/refusal.py), registered on its registry.
NOT_NEXT = Why("sampler_not_next", "{here} is not next to {there}: a unit scouts a neighbour")


def check_scout(board: Board, unit: Unit, order: Scout) -> Scout:
    if order.dest not in board.near[unit.kind].get(unit.loc, frozenset()):
        raise Illegal(state(NOT_NEXT, here=Loc(unit.loc), there=Loc(order.dest)))
    return order


def _write(w: Writing, own: str, order: Scout) -> str:
    return f"{own} SCOUTS {w.place(order.dest)}."


def _scouted_to_json(registry: Registry, event: Scouted) -> dict[str, Any]:
    return {"event": "scouted", "power": event.power, "place": event.place,
            "units": [unit_to_json(u) for u in event.units]}


def _scouted_from_json(registry: Registry, data: Mapping[str, Any]) -> Scouted:
    return Scouted(data["power"], data["place"],
                   tuple(unit_from_json(u) for u in data["units"]))


SCOUT = OrderType(Scout, "Scout", frozenset(MOVEMENT), lambda o: f"{o.loc} SCOUT {o.dest}",
                  _write, unit_slot, check_scout)
SCOUTED = EventType(Scouted, "scouted", _scouted_to_json, _scouted_from_json)


class ScoutingMovement(WrappedPhase):
    """The standard movement without the scouts, who hold; then each scout's report. A
    scout is checked as any order is (the registry's check), and an illegal one is refused
    with its reason, its unit holding."""

    def adjudicate(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        scouts = {p: [o for o in given if isinstance(o, Scout)] for p, given in orders.items()}
        rest = {p: [o for o in given if not isinstance(o, Scout)] for p, given in orders.items()}
        out = self.inner.adjudicate(rules, position, rest)
        legal, illegal = check_movement(Board(rules, position), scouts)
        done = {(c[1].loc, c[0]): cast(Scout, c[2]) for c in legal if c is not None}
        refused = {(r.unit.loc, r.power): r for r in illegal if r.unit is not None}
        results = tuple(_scouting(r, done, refused) for r in out.results)
        reports = tuple(Scouted(p, s.dest, tuple(u for u in out.position.units
                                                 if u.loc == s.dest))
                        for (_, p), s in sorted(done.items()))
        events = (*results, *(e for e in out.events if not isinstance(e, OrderResult)),
                  *reports)
        return PhaseOutcome(results, out.position, events)


def _scouting(result: OrderResult, done: Mapping[tuple[str, str], Scout],
              refused: Mapping[tuple[str, str], OrderResult]) -> OrderResult:
    if result.unit is None or not result.unordered:
        return result
    at = (result.unit.loc, result.power)
    if at in refused:
        return refused[at]
    if at not in done:
        return result
    order = done[at]
    return result._replace(order=order, text=f"{order.loc} SCOUT {order.dest}",
                           outcome=Outcome.SUCCEEDS, unordered=False)
