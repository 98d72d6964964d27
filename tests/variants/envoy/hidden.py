"""Turns of a two-player Envoy game (France and Germany) adjudicated by the engine, and
what each reader receives of them: the projection and the rendered report."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.outcome import OrderResult
from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.engine.visibility import Seen, Sighting, Viewer, projection
from judge.grammar import Grammar
from judge.reports import render_report
from judge.variant_loader import load_variant

ENVOY = load_variant("envoy")
GRAMMAR = Grammar.for_variant(ENVOY)
PLAYERS = ["FRANCE", "GERMANY"]
FRANCE, GERMANY = Viewer.player("FRANCE"), Viewer.player("GERMANY")


def unit(text: str) -> Unit:
    """'GERMANY D ger' -> the unit."""
    power, kind, loc = text.split()
    return Unit(power, kind, loc)


def play(phase: str, units: list[str], orders: Mapping[str, list[str]], hidden: str,
         owners: Mapping[str, str] | None = None, **state: Any) -> TurnResult:
    """One phase of a game played with `hidden` ("secret" or "stab")."""
    at = Phase.parse(phase)
    board = Position(at, tuple(unit(u) for u in units),
                     ENVOY.start.owners if owners is None else owners,
                     state={"players": PLAYERS, "hidden": hidden, **state})
    parsed = {p: [GRAMMAR.parse(t, at.kind) for t in texts] for p, texts in orders.items()}
    return adjudicate(ENVOY.rules, board, parsed)


def seen(turn: TurnResult, viewer: Viewer) -> tuple[Seen, ...]:
    return projection(ENVOY.rules.visibility, turn.phase, turn.events, turn.position, viewer)


def results(turn: TurnResult, viewer: Viewer) -> dict[str, OrderResult]:
    """The results `viewer` is told, by the unit they name: {'FRANCE D bel': result}."""
    return {f"{r.unit.power} {r.unit}": r for r in seen(turn, viewer)
            if isinstance(r, OrderResult) and r.unit is not None}


def sighted(turn: TurnResult, viewer: Viewer) -> set[str]:
    """Units `viewer` is told stand somewhere, without their orders."""
    return {f"{s.unit.power} {s.unit}" for s in seen(turn, viewer) if isinstance(s, Sighting)}


def report(turn: TurnResult, viewer: Viewer) -> str:
    return render_report(ENVOY, turn, viewer)


def board_units(turn: TurnResult, viewer: Viewer) -> set[str]:
    board = ENVOY.rules.visibility.board(turn.position, viewer)
    return {f"{u.power} {u}" for u in board.units}
