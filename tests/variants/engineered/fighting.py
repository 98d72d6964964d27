"""Scenarios of an Engineered movement phase at the complex level (rn45 C7, C8): a board
written as 'TURKEY A ser', orders as players write them, read by the game's own reader."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.grammar.reader import Writer, reader_for
from judge.variant import Variant
from judge.variant_loader import load_variant_folder

FOLDER = Path(__file__).resolve().parents[3] / "variants" / "engineered"
COMPLEX = load_variant_folder(FOLDER, {"level": "complex"})
SIMPLE = load_variant_folder(FOLDER, {"level": "simple"})
DECOYS = load_variant_folder(FOLDER, {"level": "complex", "decoys": True})
# The standard start's owners: Rumania, Serbia, Bulgaria ... belong to nobody (the Neutral).
START = dict(COMPLEX.start.owners)


def unit(text: str) -> Unit:
    """'TURKEY A ser' -> the unit; 'TURKEY A ser decoy' -> a decoy (rn45 C8)."""
    power, kind, loc, *decoy = text.split()
    return Unit(power, kind, loc, (("decoy", True),) if decoy else ())


def run(units: Sequence[str], orders: Mapping[str, Sequence[str]],
        owners: Mapping[str, str] | None = None, variant: Variant = COMPLEX,
        state: Mapping[str, object] | None = None) -> TurnResult:
    board = Position(Phase.parse("S1902M"), tuple(unit(u) for u in units),
                     dict(START if owners is None else owners), state=dict(state or {}))
    reader = reader_for(variant)
    parsed = {p: [reader.read(t, "M", Writer(p)) for t in texts] for p, texts in orders.items()}
    return adjudicate(variant.rules, board, parsed)


def result(turn: TurnResult, loc: str) -> OrderResult:
    (found,) = [r for r in turn.results if r.unit is not None and r.unit.loc == loc
                and r.outcome != Outcome.ILLEGAL]
    return found


def refusal(turn: TurnResult, loc: str) -> OrderResult:
    (found,) = [r for r in turn.results if r.unit is not None and r.unit.loc == loc
                and r.outcome == Outcome.ILLEGAL]
    return found


def outcome(turn: TurnResult, loc: str) -> tuple[Outcome, Reason | None]:
    found = result(turn, loc)
    return found.outcome, found.reason


def written(u: Unit) -> str:
    """The unit as `unit` reads it."""
    return f"{u.power} {u.kind} {u.loc}" + (" decoy" if u.payload else "")


def board(turn: TurnResult) -> set[str]:
    return {written(u) for u in turn.position.units}


def dislodged(turn: TurnResult) -> set[str]:
    return {written(d.unit) for d in turn.position.dislodged}


SUCCEEDS = (Outcome.SUCCEEDS, None)
BOUNCED = (Outcome.FAILS, Reason.BOUNCED)
CUT = (Outcome.FAILS, Reason.CUT)
VOID = (Outcome.VOID, Reason.NO_MATCH)
