"""Engineered boards set up by hand and adjudicated through the variant's own handlers, with
orders read as players write them (the variant's reader)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.outcome import OrderResult
from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.grammar.reader import Writer, reader_for
from judge.variant import Variant
from judge.variant_loader import load_variant

ENGINEERED = load_variant("engineered")
POWERS = {p[:3]: p for p in ENGINEERED.rules.powers}  # AUS -> AUSTRIA


def unit(text: str) -> Unit:
    """'RUS A stp' -> the unit; 'TUR P bud AUS' -> a Turkish prison holding an Austrian
    engineer."""
    power, kind, loc, *owner = text.split()
    payload = (("owner", POWERS[owner[0]]),) if owner else ()
    return Unit(POWERS[power], kind, loc, payload)


def board(turn: TurnResult | Position) -> set[str]:
    position = turn.position if isinstance(turn, TurnResult) else turn
    return {f"{u.power[:3]} {u.kind} {u.loc}" for u in position.units}


def run(units: Sequence[str], orders: Mapping[str, Sequence[str]], phase: str = "F1902M",
        variant: Variant = ENGINEERED, owners: Mapping[str, str] | None = None) -> TurnResult:
    start = Position(Phase.parse(phase), tuple(unit(u) for u in units),
                     dict(owners if owners is not None else variant.start.owners))
    reader = reader_for(variant)
    read = {POWERS[p]: [reader.read(t, Phase.parse(phase).kind, Writer(POWERS[p], {}))
                        for t in texts] for p, texts in orders.items()}
    return adjudicate(variant.rules, start, read)


def result(turn: TurnResult, power: str, loc: str, kind: str | None = None) -> OrderResult:
    """The result of the order `power` wrote for `loc`, for a unit of `kind` if given."""
    found = [r for r in turn.results if r.power == POWERS[power] and r.order is not None
             and r.order.loc == loc and kind in (None, r.order.kind) and not r.unordered]
    assert len(found) == 1, found
    return found[0]


def happened(turn: TurnResult) -> set[str]:
    """What befell engineers and prisons ('captured AUS E bud'). The variant's modules are
    loaded afresh with each variant (judge/variant_hooks.py): its event class is matched by
    name."""
    told: list[Any] = [e for e in turn.events if type(e).__name__ == "Engineering"]
    return {f"{e.what} {e.unit.power[:3]} {e.unit.kind} {e.unit.loc}" for e in told}
