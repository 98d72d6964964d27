"""Set-ups for 1885-III's Army/Fleet scenarios: a board from unit strings, one movement
phase adjudicated by the variant's own handler, and what stands where afterwards.

`REGULAR` is the regular board with the A/F rules (tests/variants/folders/afboard), which
the rules' examples use (shared/rules/1885-iii.txt l.29-31); `V1885` is the variant."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from judge.engine.orders import Order
from judge.engine.outcome import Dislodgement, OrderResult
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome
from judge.engine.types import Phase, Unit
from judge.grammar.reader import Writer, reader_for
from judge.variant import Variant
from judge.variant_loader import load_variant, load_variant_folder

FOLDERS = Path(__file__).resolve().parents[1] / "folders"
REGULAR = load_variant_folder(FOLDERS / "afboard")
V1885 = load_variant("1885")


def _phase(variant: Variant, kind: str) -> Phase:
    """The first month's phase of that kind (January 1885), or Spring 1901's."""
    return Phase.parse(("JAN1885" if variant.name == "1885" else "S1901") + kind)


def board(*units: str) -> tuple[Unit, ...]:
    """'ENGLAND AF nth' -> a unit."""
    out = []
    for text in units:
        power, kind, loc = text.split()
        out.append(Unit(power, kind, loc))
    return tuple(out)


def orders(variant: Variant, written: Mapping[str, Sequence[str]]) -> dict[str, list[Order]]:
    reader = reader_for(variant)
    return {power: [reader.read(line, "M", Writer(power)) for line in lines]
            for power, lines in written.items()}


def move(variant: Variant, units: Sequence[str],
         written: Mapping[str, Sequence[str]]) -> PhaseOutcome:
    position = Position(_phase(variant, "M"), board(*units), {})
    rules = variant.rules
    return rules.handler(position.phase).adjudicate(rules, position, orders(variant, written))


def standing(outcome: PhaseOutcome) -> set[str]:
    return {f"{u.power} {u.kind} {u.loc}" for u in outcome.position.units}


def dislodged(outcome: PhaseOutcome) -> dict[str, Dislodgement]:
    return {f"{d.unit.power} {d.unit.kind} {d.unit.loc}": d for d in outcome.position.dislodged}


def result(outcome: PhaseOutcome, power: str, described: str) -> OrderResult:
    """The result of `power`'s order whose type name or text contains `described`."""
    for r in outcome.results:
        if r.power == power and described in repr(r.order):
            return r
    raise AssertionError(f"no result of {power} {described}: {outcome.results}")


def retreat(variant: Variant, after: PhaseOutcome,
            written: Mapping[str, Sequence[str]]) -> PhaseOutcome:
    """The retreat phase after the movement `after`."""
    position = after.position.with_phase(_phase(variant, "R"))
    reader, rules = reader_for(variant), variant.rules
    given = {power: [reader.read(line, "R", Writer(power)) for line in lines]
             for power, lines in written.items()}
    return rules.handler(position.phase).adjudicate(rules, position, given)
