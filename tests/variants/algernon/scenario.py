"""Algernon scenarios on the demonstration maze (variants/algernon/demo.maze): a board
written as the rules write places, the handlers of variants/algernon run on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.orders import Order
from judge.engine.outcome import OrderResult
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome, Rules
from judge.engine.types import Phase, Unit
from judge.variant_loader import load_variant
from variants.algernon.maze import Maze, parse_maze
from variants.algernon.mazecheck import homes_named
from variants.algernon.movement import MazeMovement
from variants.algernon.source import DEMO, power_spellings

A, B = "ALPHA", "BRAVO"


def demo() -> Maze:
    return homes_named(parse_maze(DEMO.read_text()), power_spellings())


def rules() -> Rules:
    return load_variant("algernon").rules


def board(units: Mapping[str, Sequence[str]], phase: str = "S1901M",
          owners: Mapping[str, str] | None = None, **state: object) -> Position:
    """`{"ALPHA": ["DL", "SQ"]}`: rats by space."""
    rats = tuple(Unit(p, "R", s.lower()) for p, spaces in units.items() for s in spaces)
    homes = {s.name.lower(): s.home for s in demo().spaces.values() if s.home}
    return Position(Phase.parse(phase), rats, dict(owners or homes), state=state)


def move(position: Position, orders: Mapping[str, Sequence[Order]],
         numbered: str = "order") -> PhaseOutcome:
    """The moves, with I.A.5 read as the game's `numbered_support` says."""
    return MazeMovement(demo(), numbered=numbered).adjudicate(rules(), position, orders)


def result(out: PhaseOutcome, text: str) -> OrderResult:
    """The result of the order written `text` (the rules' notation)."""
    [found] = [r for r in out.results if r.text == text]
    return found


def at(position: Position) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for u in position.units:
        out.setdefault(u.power, []).append(u.loc.upper())
    return {p: sorted(locs) for p, locs in out.items()}
