"""The oracle's hooks: a question for the master each movement phase, and a movement
handler that writes the answer it was given into the board's state (`omens`), so that a
test can see the answer reached the adjudication and nothing else of it was kept."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from judge.engine.orders import Order
from judge.engine.position import Position
from judge.engine.questions import Question, answers_of
from judge.engine.rules import PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import MOVEMENT
from judge.variant import Variant

OMEN = Question("omen", "Is the omen for this turn good or bad?", ("good", "bad"))


def customise(variant: Variant) -> Variant:
    handlers = {**variant.rules.handlers, MOVEMENT: Omens(variant.rules.handlers[MOVEMENT])}
    return replace(variant, rules=replace(variant.rules, handlers=handlers,
                                          questions=questions))


def questions(rules: Rules, position: Position,
              orders: Mapping[str, Sequence[Order]]) -> tuple[Question, ...]:
    return (OMEN,) if position.phase.kind == MOVEMENT else ()


class Omens(WrappedPhase):

    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        out = self.inner.adjudicate(rules, position, orders)
        seen = [*_omens(position), answers_of(position).get(OMEN.key, "unanswered")]
        after = out.position._replace(state={**out.position.state, "omens": seen})
        return out._replace(position=after)


def _omens(position: Position) -> list[str]:
    found = position.state.get("omens", [])
    return [str(o) for o in found] if isinstance(found, list) else []
