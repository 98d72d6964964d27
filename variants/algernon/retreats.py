"""Retreats settled with the moves (I.B): each dislodged rat leaves by the first portal of
its owner's priority list (`VT(3,2,5,1,6,4)`, I.B.2), or without one by the first open
portal starting at 1 (I.B.1), that leads where the standard rules let it retreat (not into
an occupied space, the attacker's, or one left empty by a standoff). Two rats retreating
into one space are both destroyed, as in Diplomacy (rule 1); so is a rat with no way out.
The retreat phase is then never needed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from judge.engine.orders import Disband, Order, Retreat
from judge.engine.outcome import Dislodgement, OrderResult, Outcome, Reason
from judge.engine.position import Position

from .maze import Maze
from .orders import RetreatList
from .sight import Entry, entry


def settle_retreats(maze: Maze, position: Position, lists: Mapping[str, Sequence[Order]]
                    ) -> tuple[Position, list[OrderResult], list[Entry]]:
    """The board after the retreats, their results, and what each retreating rat saw of
    the space it went into (rule 6)."""
    if not position.dislodged:
        return position, [], []
    chosen = {d.unit: _way_out(maze, d, _priorities(maze, d, lists))
              for d in position.dislodged}
    crowded = Counter(c[1] for c in chosen.values() if c is not None)
    results, stay, seen = [], list(position.units), []
    for d in position.dislodged:
        choice = chosen[d.unit]
        results.append(_result(d, choice, crowded))
        if choice is not None:
            seen.append(entry(maze, d.unit.power, d.unit.loc, choice[0]))
            if crowded[choice[1]] == 1:
                stay.append(d.unit.moved(choice[1]))
    return position.with_board(tuple(stay)), results, seen


def _priorities(maze: Maze, d: Dislodgement, lists: Mapping[str, Sequence[Order]]
                ) -> tuple[int, ...]:
    for order in lists.get(d.unit.power, ()):
        if isinstance(order, RetreatList) and order.loc == d.unit.loc:
            return order.portals
    return tuple(range(1, len(maze.spaces[d.unit.loc.upper()].portals) + 1))


def _way_out(maze: Maze, d: Dislodgement, portals: Sequence[int]) -> tuple[int, str] | None:
    for number in portals:
        portal = maze.portal(d.unit.loc.upper(), number)
        if portal is not None and portal.to.lower() in d.retreats:
            return number, portal.to.lower()
    return None


def _result(d: Dislodgement, choice: tuple[int, str] | None, crowded: Counter[str]
            ) -> OrderResult:
    unit, loc = d.unit, d.unit.loc.upper()
    if choice is None:
        return OrderResult(unit.power, unit, Disband(unit.loc, unit.kind),
                           f"{loc} destroyed", Outcome.SUCCEEDS,
                           message="no open portal to retreat through", unordered=True)
    number, dest = choice
    text = f"{loc} retreats out portal {number}"
    if crowded[dest] > 1:
        return OrderResult(unit.power, unit, Retreat(unit.loc, dest, unit.kind), text,
                           Outcome.FAILS, Reason.BOUNCED,
                           "another rat retreated there too: both are destroyed")
    return OrderResult(unit.power, unit, Retreat(unit.loc, dest, unit.kind), text,
                       Outcome.SUCCEEDS)
