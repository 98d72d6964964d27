"""The auction's hooks: its stage's notice names the late powers' units, and its movement
handler records the stages it was given (`state["stages"]`) as `auctions`, so that a test
sees what reached the adjudication and that the board after it keeps no stage."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from judge.engine.orders import Order
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import MOVEMENT
from judge.variant import Variant


def customise(variant: Variant) -> Variant:
    handlers = {**variant.rules.handlers, MOVEMENT: Auctions(variant.rules.handlers[MOVEMENT])}
    return replace(variant, rules=replace(variant.rules, handlers=handlers),
                   stages=tuple(replace(s, describe=lots) for s in variant.stages))


def lots(variant: Variant, position: Position, late: tuple[str, ...]) -> str:
    units = [f"{u.kind} {u.loc}" for u in position.units if u.power in late]
    return f"Up for auction: {', '.join(units)}." if units else ""


class Auctions(WrappedPhase):

    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        out = self.inner.adjudicate(rules, position, orders)
        seen = [*_seen(position), position.state.get("stages", {})]
        after = out.position._replace(state={**out.position.state, "auctions": seen})
        return out._replace(position=after)


def _seen(position: Position) -> list[object]:
    found = position.state.get("auctions", [])
    return list(found) if isinstance(found, list) else []
