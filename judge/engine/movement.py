"""The movement phase: legality, resolution, then results, dislodgements and the new board."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from judge.engine.legality import Board, Checked, check_movement
from judge.engine.orders import Hold, Order
from judge.engine.outcome import Dislodgement, Event, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.resolver import CONVOY, HOLD, MOVE, SUPPORT, Resolver
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules
from judge.engine.types import Unit, province_of


class MovementPhase(PhaseHandler):
    def needed(self, rules: Rules, position: Position) -> bool:
        return True

    def adjudicate(
        self, rules: Rules, position: Position, orders: Mapping[str, Sequence[Order]]
    ) -> PhaseOutcome:
        return resolve_movement(rules, position, orders)

    def refused_alone(self, rules: Rules, order: Order) -> str | None:
        # Legality looks at the board, never at other orders (DATC 6.D.32; check_movement),
        # save that two legal orders for one unit are settled together (DATC 4.D.3); and
        # the resolver refuses nothing: it fails, voids or bounces. A subclass may weigh
        # orders together (its own resolver or checks): it says so itself.
        if type(self) is not MovementPhase:
            return None
        return rules.geo.province.get(order.loc) or province_of(order.loc)


# Builds the resolver of a phase from its board and legal orders: Resolver, or a variant's
# subclass with its own strengths and cut rules.
ResolverFactory = Callable[[Rules, Board, list[Checked | None]], Resolver]


def resolve_movement(rules: Rules, position: Position,
                     orders: Mapping[str, Sequence[Order]],
                     resolver_class: ResolverFactory = Resolver) -> PhaseOutcome:
    """The main layer's movement. (A unit of strength other than 1, and stacks that split
    and combine, are a variant's own resolver's business: Resolver's `strength`,
    judge/engine/counted.py; a variant whose strengths or cuts differ passes its own
    `resolver_class`.)"""
    board = Board(rules, position)
    legal, illegal = check_movement(board, orders)
    resolver = resolver_class(rules, board, legal)
    resolver.run()
    if resolver.kidnapped:
        resolver = _overland(rules, board, legal, resolver, resolver_class)
    return _outcome(rules, position, legal, illegal, resolver)


def _overland(rules: Rules, board: Board, legal: list[Checked | None], r: Resolver,
              resolver_class: ResolverFactory) -> Resolver:
    """The 1971 rules as DATC 4.A.3 a reads them: a convoy to an adjacent province is the
    army's route only for a swap, and "it will not take the convoy if it is disrupted"
    (6.G.4): the phase is judged again with each such army whose convoy failed moving by
    land, head to head with the unit moving the other way."""
    land = frozenset([r.prov[i] for i in r.kidnapped if not r.path(i)])
    if not land:
        return r
    board.overland = land
    again = resolver_class(rules, board, legal)
    again.run()
    return again


def _outcome(
    rules: Rules,
    position: Position,
    legal: list[Checked | None],
    illegal: list[OrderResult],
    r: Resolver,
) -> PhaseOutcome:
    moved = [i for i in r.moves if r.res[i]]
    dislodger = _dislodgers(r, moved)
    # A unit whose only orders were illegal holds, but it was ordered: its results are
    # those illegal orders, not an extra implicit hold.
    tried = {res.unit for res in illegal if res.unit is not None}
    results = _results(r, legal, dislodger, tried)
    gone = {r.units[i] for i in dislodger}
    results.extend(_mark(res, res.unit in gone) for res in illegal) if gone else \
        results.extend(illegal)
    blocked = _occupied_after(r, moved) | _standoffs(r) if dislodger else set()
    dislodged = tuple(_dislodgement(rules, r, i, m, blocked) for i, m in dislodger.items())
    units = _board_after(r, moved, dislodger)
    if len(r.units) != len(position.units):
        main = set(r.units)
        units += tuple(u for u in position.units if u not in main)
    after = position.with_board(units, dislodged)
    events: tuple[Event, ...] = (*results, *dislodged)
    return _new(PhaseOutcome, (tuple(results), after, events))


# A variant's own movement handler around Resolver (or a subclass) builds its outcome so,
# and takes the 1971 rules' land fallback so (DATC 6.G.4) when its resolver ran once.
movement_outcome = _outcome
overland_fallback = _overland


def _board_after(r: Resolver, moved: list[int], dislodger: Mapping[int, int]) -> tuple[Unit, ...]:
    """The units after the phase: movers at their destinations, the dislodged gone."""
    units, dest_loc = list(r.units), r.dest_loc
    for i in moved:  # only the movers are rebuilt; the rest are copied in C
        unit = units[i]
        units[i] = _new(Unit, (unit.power, unit.kind, dest_loc[i], unit.payload))
    if dislodger:
        return tuple([u for i, u in enumerate(units) if i not in dislodger])
    return tuple(units)


def _dislodgers(r: Resolver, moved: list[int]) -> dict[int, int]:
    """Dislodged unit -> the unit that moved into its province."""
    out: dict[int, int] = {}
    otype, res, at, dest, power = r.otype, r.res, r.at, r.dest, r.power
    for i in moved:
        j = at.get(dest[i], -1)
        # Own units: never in Resolver (DATC 6.D.10); joined in CombinedResolver (Envoy 5.v).
        if j >= 0 and not (otype[j] == MOVE and res[j]) and power[j] != power[i]:
            out[j] = i
    return out


def _mark(res: OrderResult, dislodged: bool) -> OrderResult:
    if not dislodged:
        return res
    return OrderResult(res.power, res.unit, res.order, res.text, res.outcome, res.reason,
                       res.message, True)


def _results(r: Resolver, legal: list[Checked | None], dislodger: Mapping[int, int],
             tried: set[Unit]) -> list[OrderResult]:
    out: list[OrderResult] = []
    add, new, otype, res = out.append, _new, r.otype, r.res
    for i, unit in enumerate(r.units):
        checked = legal[i]
        if checked is None and unit in tried:
            continue
        dislodged = i in dislodger
        kind = otype[i]
        if not dislodged and (kind == HOLD or (res[i] and kind != CONVOY)):
            outcome, reason = _SUCCESS  # the common cases, without a call
        else:
            outcome, reason = judge_order(r, i, dislodged)
        # tuple.__new__ is what NamedTuple._make does, without the Python-level __new__:
        # this runs once per unit per phase (bench/).
        if checked is None:
            add(new(_ORDER_RESULT, (unit.power, unit, Hold(unit.loc, unit.kind), "", outcome,
                                  reason, "", dislodged, True)))
        else:
            power, _, order, _ = checked
            add(new(_ORDER_RESULT, (power, unit, order, "", outcome, reason, "", dislodged,
                                  False)))
    return out


# Final, as every module-level name the phase reads per unit: compiled (setup.py), a Final
# is a C static, any other name a lookup in the module's dict at every use (issue #18).
_new: Final = tuple.__new__
_ORDER_RESULT: Final = OrderResult


Judgement = tuple[Outcome, Reason | None]
# Built once: on Python 3.11 looking an enum member up on its class costs about as much as
# a function call, and these are needed for every failed order.
_SUCCESS: Final[Judgement] = (Outcome.SUCCEEDS, None)
_VOID: Final[Judgement] = (Outcome.VOID, Reason.NO_MATCH)
_PARADOX: Final[Judgement] = (Outcome.FAILS, Reason.PARADOX)
_DISLODGED: Final[Judgement] = (Outcome.FAILS, Reason.DISLODGED)
_BOUNCED: Final[Judgement] = (Outcome.FAILS, Reason.BOUNCED)
_CUT: Final[Judgement] = (Outcome.FAILS, Reason.CUT)
_DISRUPTED: Final[Judgement] = (Outcome.FAILS, Reason.DISRUPTED)
_NO_CONVOY: Final[Judgement] = (Outcome.FAILS, Reason.NO_CONVOY)


def judge_order(r: Resolver, i: int, dislodged: bool) -> Judgement:
    kind = r.otype[i]
    if kind == HOLD:
        return _DISLODGED if dislodged else _SUCCESS
    if not r.valid[i]:
        return _VOID
    if r.res[i]:
        return _convoy_outcome(r, i) if kind == CONVOY else _SUCCESS
    if i in r.paradox:
        return _PARADOX
    if kind == MOVE:
        return _BOUNCED if not r.convoyed[i] or r.path(i) else _no_path(r, i)
    if kind == SUPPORT:
        return _DISLODGED if dislodged else _CUT
    assert kind == CONVOY
    return _DISLODGED if dislodged else _DISRUPTED


def _convoy_outcome(r: Resolver, c: int) -> Judgement:
    """A fleet that stayed in place still failed its convoy if the army's route broke."""
    return _SUCCESS if r.path(r.target[c]) else _DISRUPTED


def _no_path(r: Resolver, i: int) -> Judgement:
    return _DISRUPTED if r.convoyers.get(i) else _NO_CONVOY


def _dislodgement(rules: Rules, r: Resolver, i: int, m: int, blocked: set[str]) -> Dislodgement:
    unit = r.units[i]
    return _new(Dislodgement, (unit, r.prov[m], retreat_options(rules, r, unit, m, blocked)))


def retreat_options(rules: Rules, r: Resolver, unit: Unit, attacker: int,
                    blocked: set[str]) -> tuple[str, ...]:
    """DATC 6.H: not into an occupied province, the attacker's origin (unless it came by
    convoy, 4.A.5 b), or a province left empty by a standoff (6.H.6, 6.H.9, 6.H.16);
    `blocked` holds the occupied and standoff provinces of the phase."""
    if not (r.convoyed[attacker] and rules.rulebook.retreat_to_convoy_origin):
        blocked = blocked | {r.prov[attacker]}
    near = rules.geo.neighbours(rules.kinds[unit.kind], unit.loc)
    return tuple(sorted(loc for loc in near if province_of(loc) not in blocked))


def _occupied_after(r: Resolver, moved: list[int]) -> set[str]:
    """Provinces with a unit after the phase: a province left by a mover is empty unless
    another mover entered it (one unit a province), so only the movers are looked at."""
    prov, dest = r.prov, r.dest
    occupied = set(prov)
    occupied.difference_update([prov[i] for i in moved])
    occupied.update([dest[i] for i in moved])
    return occupied


def _standoffs(r: Resolver) -> set[str]:
    """Provinces where a move failed that still had effect there (a real bounce)."""
    out = set()
    res, valid = r.res, r.valid
    for i in r.moves:
        if valid[i] and not res[i] and r.stands_off(i):
            out.add(r.dest[i])
    return out
