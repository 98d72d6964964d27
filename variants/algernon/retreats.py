"""Retreats settled with the moves (I.B): each dislodged rat leaves by the first portal of
its owner's priority list (`VT(3,2,5,1,6,4)`, I.B.2), or without one by the first open
portal starting at 1 (I.B.1), that leads where the standard rules let it retreat (not into
an occupied space, the attacker's, or one left empty by a standoff). A list none of whose
portals is open destroys the rat: I.B.1's default is for a player who wrote no list
("If he doesn't"), and a retreat order that cannot be carried out disbands the unit in
the standard rules (rule 1); the game's option `retreat_fallback` (docs/variants/
algernon.md) reads I.B.1 as applying to every rat not retreated by its list instead. Two
rats retreating into one space are both destroyed, as in Diplomacy (rule 1); so is a rat
with no way out.
The retreat phase is then never needed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from judge.engine.handler import WrappedPhase
from judge.engine.orders import Disband, Order, Retreat
from judge.engine.outcome import Dislodgement, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import Rules

from .maze import Maze
from .orders import RetreatList
from .sight import Entry, entry


def settle_retreats(maze: Maze, position: Position, lists: Mapping[str, Sequence[Order]],
                    fallback: bool = False
                    ) -> tuple[Position, list[OrderResult], list[Entry]]:
    """The board after the retreats, their results, and what each retreating rat saw of
    the space it went into (rule 6); with `fallback`, a list that finds no open portal
    goes on to I.B.1's first open portal from 1."""
    if not position.dislodged:
        return position, [], []
    chosen = {d.unit: _way_out(maze, d, _priorities(maze, d, lists, fallback))
              for d in position.dislodged}
    crowded = Counter(c[1] for c in chosen.values() if c is not None)
    results, stay, seen = [], list(position.units), []
    for d in position.dislodged:
        choice = chosen[d.unit]
        results.append(_result(d, choice, crowded, bool(_listed(d, lists)) and not fallback))
        if choice is not None:
            seen.append(entry(maze, d.unit.power, d.unit.loc, choice[0]))
            if crowded[choice[1]] == 1:
                stay.append(d.unit.moved(choice[1]))
    return position.with_board(tuple(stay)), results, seen


def _listed(d: Dislodgement, lists: Mapping[str, Sequence[Order]]) -> tuple[int, ...]:
    """The portals of the owner's retreat list for the rat (I.B.2), () without one."""
    return next((o.portals for o in lists.get(d.unit.power, ())
                 if isinstance(o, RetreatList) and o.loc == d.unit.loc), ())


def _priorities(maze: Maze, d: Dislodgement, lists: Mapping[str, Sequence[Order]],
                fallback: bool) -> tuple[int, ...]:
    every = tuple(range(1, len(maze.spaces[d.unit.loc.upper()].portals) + 1))
    listed = _listed(d, lists)
    if not listed:
        return every
    return listed + every if fallback else listed


def _way_out(maze: Maze, d: Dislodgement, portals: Sequence[int]) -> tuple[int, str] | None:
    for number in portals:
        portal = maze.portal(d.unit.loc.upper(), number)
        if portal is not None and portal.to.lower() in d.retreats:
            return number, portal.to.lower()
    return None


def _result(d: Dislodgement, choice: tuple[int, str] | None, crowded: Counter[str],
            by_list: bool = False) -> OrderResult:
    """`by_list`: the rat went only by its owner's list (no retreat_fallback), so a rat
    with no way out is told it of the list, which may have left open portals unnamed."""
    unit, loc = d.unit, d.unit.loc.upper()
    if choice is None:
        why = "no portal of its retreat list was open" if by_list \
            else "no open portal to retreat through"
        return OrderResult(unit.power, unit, Disband(unit.loc, unit.kind),
                           f"{loc} destroyed", Outcome.SUCCEEDS,
                           message=why, unordered=not by_list)
    number, dest = choice
    text = f"{loc} retreats out portal {number}"
    if crowded[dest] > 1:
        return OrderResult(unit.power, unit, Retreat(unit.loc, dest, unit.kind), text,
                           Outcome.FAILS, Reason.BOUNCED,
                           "another rat retreated there too: both are destroyed")
    return OrderResult(unit.power, unit, Retreat(unit.loc, dest, unit.kind), text,
                       Outcome.SUCCEEDS)


class ListedRetreats(WrappedPhase):
    """The retreat phase, which never comes (the lists are settled with the moves, I.B);
    if it did it would wait for nobody's orders, and saying so keeps SETTINGS from showing
    a retreat length this game has no use for (polish 25). It wraps the engine's handler
    rather than subclassing it: the compiled build compiles judge/engine/retreats.py, and
    an interpreted class cannot inherit from a compiled one."""

    def runs_without_orders(self, rules: Rules, position: Position) -> bool:
        return True
