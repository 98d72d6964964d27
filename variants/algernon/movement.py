"""Moves on the maze (rules 1, 5, 10; I.A): the orders by portal become standard orders on
the spaces the portals join, the standard resolution runs (so swaps bounce, as in
Diplomacy), and the results are told in the orders as written.

A support whose portal or supported attack does not fit the maze, or that has no unit at
the other end, is void, told in the same words whatever the reason: the reply must not
say what the maze holds (the writer may not know where a portal leads).

I.A.5's `MK s 1 (1)` is read by the game's option `numbered_support`
(docs/variants/algernon.md): `order` (the default) backs the writer's own order 1, the
first of his orders for rats as his order set stands, which must be an attack into the
space MK1 leads to: the rules' list I.A is one player's order sheet, and the example's
explanation names VT's attack out of portal 3, its order 1. `portal` backs the attack,
anybody's, that comes into that space through its portal 1 (section II numbers a space's
portals so). The state's `numbered_support` decides before the option, since `judge
adjudicate` sees a position and no game; so does its `retreat_fallback` (retreats.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from judge.engine.movement import resolve_movement
from judge.engine.orders import Hold, Move, Order, Support
from judge.engine.outcome import Event, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.refusal import state
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules
from judge.engine.types import Unit

from . import reasons as A
from .known import initial, learn
from .maze import MAZE_PLAYED, Maze, format_maze
from .mazecheck import PLAIN, Reading
from .orders import BuildList, PortalMove, PortalSupport, RetreatList, build_lists, notation
from .retreats import settle_retreats
from .sight import Entry, bounced_self, sightings

Orders = Mapping[str, Sequence[Order]]
VOID = state(A.SUPPORTS_NOTHING)
Verdict = tuple[Outcome, Reason, str]
NUMBERED = ("order", "portal")    # numbered_support's readings of I.A.5


@dataclass
class Translation:
    """A phase's orders as the engine takes them, with what each was written as."""

    orders: dict[str, list[Order]]
    written: dict[int, Order]         # id of an engine order -> the order as written
    # id of the hold standing for an order that cannot be carried out -> its verdict
    verdicts: dict[int, tuple[Outcome, Reason, str]]
    lists: dict[str, list[Order]]     # retreat and build lists, by power


class MazeMovement(PhaseHandler):
    def __init__(self, maze: Maze, reading: Reading = PLAIN, numbered: str = "order",
                 fallback: bool = False) -> None:
        if numbered not in NUMBERED:
            raise ValueError(f"[options] numbered_support must be one of "
                             f"{', '.join(NUMBERED)}, not {numbered!r}")
        self.maze, self.reading, self.numbered = maze, reading, numbered
        self.fallback = fallback  # the game's retreat_fallback (retreats.py, I.B.1)

    def _numbered(self, position: Position) -> str:
        how = str(position.state.get("numbered_support", self.numbered))
        return how if how in NUMBERED else self.numbered

    def adjudicate(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        t = translate(self.maze, position, orders, self._numbered(position))
        out = resolve_movement(rules, position, t.orders)
        results = [bounced_self(self.maze, _as_written(r, t), out.position)
                   for r in out.results]
        dislodged = {d.unit.loc for d in out.position.dislodged}
        results += [_accepted(position, p, o, dislodged) for p, os in t.lists.items()
                    for o in os]
        fallback = bool(position.state.get("retreat_fallback", self.fallback))
        after, retreats, entered = settle_retreats(self.maze, out.position, t.lists, fallback)
        after = _keep_build_lists(after, t.lists)
        backs = {o.loc: (o.target, o.dest) for given in t.orders.values() for o in given
                 if isinstance(o, Support)}
        seen = [*sightings(self.maze, position, orders, results, backs), *entered]
        after = self._charted(after, [e for e in seen if isinstance(e, Entry)])
        after = played_on(after, self.maze)
        events: list[Event] = [*results, *(e for e in out.events
                                           if not isinstance(e, OrderResult)), *retreats,
                               *seen]
        return PhaseOutcome(tuple(results + retreats), after, tuple(events))

    def _charted(self, position: Position, entries: Sequence[Entry]) -> Position:
        """Each player's map so far, kept in the state for his reports, whose sections are
        not given his knowledge record (the record is the same fold: known.learn)."""
        charts = dict(cast(Mapping[str, Any], position.state.get("charts", {})))
        for power in sorted({u.power for u in position.units} | {e.power for e in entries}):
            base = charts.get(power) or initial(self.maze, power)
            mine = [e for e in entries if e.power == power]
            charts[power] = {k: v for k, v in learn(base, mine, self.reading).items()
                             if k in ("spaces", "links")}
        return position._replace(state={**position.state, "charts": charts})


def played_on(position: Position, maze: Maze) -> Position:
    """The maze the phase was played on, kept with the turn: the master may edit the maze
    later (editing.py), and his HISTORY shows each turn as it was (report.py). The
    winter's builds run at once after the fall (builds.py), so they inherit it."""
    return position._replace(state={**position.state, MAZE_PLAYED: format_maze(maze)})


def translate(maze: Maze, position: Position, orders: Orders,
              numbered: str = "order") -> Translation:
    units = {u.loc: u for u in position.units}
    t = Translation({}, {}, {}, {})
    for power, given in orders.items():
        mine = t.orders.setdefault(power, [])
        sheet = _Sheet(maze, numbered, [o for o in given
                                        if not isinstance(o, RetreatList | BuildList)])
        for order in given:
            if isinstance(order, RetreatList | BuildList):
                t.lists.setdefault(power, []).append(order)
                continue
            done = _engine_order(sheet, units, order) if _rat_of(units, power, order) \
                else Hold(order.loc, order.kind)
            if isinstance(done, tuple):  # the unit holds; its order is told as written
                hold = Hold(order.loc, order.kind)
                t.verdicts[id(hold)] = done
                done = hold
            mine.append(_remember(t, done, order))
    return t


def _rat_of(units: Mapping[str, Unit], power: str, order: Order) -> bool:
    """Whether `power` has a rat where `order` stands. An order for a space where he has
    none is refused as any such is, "no unit" (F.1, rule 3): judged by its portal first, a
    support was void or not as a rat he cannot see stood beyond it (adversary advsec7),
    and the answer to his line, checked on his board, took it as an order to keep."""
    unit = units.get(order.loc)
    return unit is not None and unit.power == power


def _remember(t: Translation, engine: Order, written: Order) -> Order:
    if engine is not written:
        t.written[id(engine)] = written
    return engine


@dataclass(frozen=True)
class _Sheet:
    """One player's orders for rats, numbered from 1 as his order set stands (I.A.5 under
    `order`; retreat and build lists, I.B and I.C, are not numbered with them)."""

    maze: Maze
    numbered: str
    rats: Sequence[Order]


def _engine_order(sheet: _Sheet, units: Mapping[str, Unit], order: Order) -> Order | Verdict:
    """The standard order for one written by portal, or the verdict on it."""
    maze = sheet.maze
    if isinstance(order, PortalMove):
        portal = maze.portal(order.loc.upper(), order.portal)
        if portal is None:  # the writer knows his space's portals (rules 4, 6)
            return (Outcome.ILLEGAL, Reason.ILLEGAL,
                    state(A.NO_PORTAL, space=order.loc.upper(), portal=order.portal))
        to = portal.to.lower()
        return Hold(order.loc, order.kind) if to == order.loc else Move(order.loc, to, order.kind)
    if isinstance(order, PortalSupport):
        target = _support(sheet, units, order)
        return target if target is not None else (Outcome.VOID, Reason.NO_MATCH, VOID)
    return order


def _support(sheet: _Sheet, units: Mapping[str, Unit], order: PortalSupport) -> Support | None:
    portal = sheet.maze.portal(order.loc.upper(), order.portal)
    if portal is None or portal.to.lower() == order.loc:
        return None
    into = portal.to.lower()
    target = _supported(sheet, order, into)
    if target is None or target == order.loc or target not in units:
        return None  # a rat backs no attack of its own (rule 1: Diplomacy's support)
    return Support(order.loc, target, None if target == into else into, order.kind)


def _supported(sheet: _Sheet, order: PortalSupport, into: str) -> str | None:
    """The space of the supported unit: the other end of the portal (I.A.3), the named
    attacker whose portal leads there (I.A.4), or by the number in brackets (I.A.5) the
    writer's own attack of that number or the one coming in through that portal."""
    maze = sheet.maze
    if order.number is not None and sheet.numbered == "portal":
        return _entering(maze, into, order.number)
    if order.number is not None:
        return _own_attack(sheet, order.number, into)
    if order.target is None:
        return into
    if order.target_portal is None or _leads(maze, order.target, order.target_portal) != into:
        return None
    return order.target


def _entering(maze: Maze, into: str, enters: int) -> str | None:
    """The space whose portal arrives in `into` through its portal `enters` (I.A.5: MK s 1
    (1) backs VT's attack out of VT3, which comes in through portal 1 of MK1's space); a
    portal into its own space is a hold, and so backs nothing."""
    return next((name.lower() for name, space in maze.spaces.items()
                 for portal in space.portals
                 if portal.to.lower() == into and portal.arrives == enters
                 and name.lower() != into), None)


def _own_attack(sheet: _Sheet, number: int, into: str) -> str | None:
    """The space of the writer's order `number` if it is an attack into `into` (I.A.5:
    MK s 1 (1) backs order 1, VT to 3, VT3 leading where MK1 does); else None, void."""
    if not 1 <= number <= len(sheet.rats):
        return None
    order = sheet.rats[number - 1]
    if not isinstance(order, PortalMove) or _leads(sheet.maze, order.loc, order.portal) != into:
        return None
    return order.loc


def _leads(maze: Maze, space: str, number: int) -> str | None:
    portal = maze.portal(space.upper(), number)
    return None if portal is None else portal.to.lower()


def _as_written(result: OrderResult, t: Translation) -> OrderResult:
    engine = id(result.order)
    order = t.written.get(engine)
    if order is None:
        return result
    result = result._replace(order=order, text=notation(order))
    verdict = t.verdicts.get(engine)
    if verdict is None and result.outcome == Outcome.VOID:
        # The engine's void (the rat at the other end did not do what was backed: it left,
        # or held) in the words of the translation's: "void" alone would tell the writer a
        # rat stood there, which II.D tells only of rats that stayed (rule 3).
        return result._replace(reason=Reason.NO_MATCH, message=VOID)
    if verdict is None:
        return result
    outcome, reason, message = verdict
    return result._replace(outcome=outcome, reason=reason, message=message)


def _accepted(position: Position, power: str, order: Order,
              dislodged: frozenset[str] | set[str] = frozenset()) -> OrderResult:
    """A list waits for the adjudication (I.B, I.C). A retreat list for a space where the
    writer has no rat is refused, whatever else stands there: it was taken and reported
    nowhere, and judged by any rat there it told him of another player's (adversary
    advsec7; the results are his own rats' alone). One for his rat says whether it was
    used: "carried out" of a list whose rat stayed told him of a retreat never made."""
    unit = next((u for u in position.units if u.loc == order.loc and u.power == power), None)
    if unit is None and isinstance(order, RetreatList):
        return OrderResult(power, None, order, notation(order), Outcome.ILLEGAL,
                           Reason.NO_UNIT, state(A.NO_RAT_TO_RETREAT, space=order.loc.upper()))
    used = "" if not isinstance(order, RetreatList) else \
        "used: the rat was dislodged" if order.loc in dislodged else \
        "not needed: the rat was not dislodged"
    return OrderResult(power, unit, order, notation(order), Outcome.SUCCEEDS, message=used)


def _keep_build_lists(position: Position, lists: Mapping[str, Sequence[Order]]) -> Position:
    """The build lists of the moves wait in the state for the adjustments (9, I.C)."""
    known = build_lists(position.state)
    for power, given in lists.items():
        for order in given:
            if isinstance(order, BuildList):
                known[power] = list(order.spaces)
    if not known:
        return position
    return position._replace(state={**position.state, "build_lists": known})
