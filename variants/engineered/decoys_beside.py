"""rn45 C8 8c for a decoy that starts the Spring beside the unit it copies (issue #15 item 2).

Such a decoy moves last, with zero power (8a, 8b: decoys_phase.py). 8c: "Any turn which
exposes the Decoy unit due to its or an opponents order causes the unit to be disbanded."
Reading (docs/variants/engineered.md): as for a lone decoy, it is exposed when the turn,
adjudicated again with it as the real unit it copies, ends otherwise. Two real units never
share an area, so the turn is adjudicated again on the board where the decoy, made real,
stands in its area in place of its copy, with its own order, and only what happens in the
area it acts on is compared:

- its copy left and it stays: its area, where a real unit would hold with 1. Attacked by
  one army, the real unit holds where the decoy gives way: exposed. Dislodged as the real
  unit would be: not exposed, it is dislodged and retreats as that unit would;
- it moves out: the area it moves to, where a real unit would attack with 1 (standing off
  another move, cutting a support there) and receive supports.

A unit of the area its copy entered that moved into the copy's (a head-to-head the copy
won, entering) had no effect on that area (DATC 6.E.1); on the board without the copy it
holds instead, and its result and those of supports of its move are not compared. Where
its copy's own order concerns the area compared (moves there, supports a unit there or a
move into it), the board without its copy would differ there too: that case is judged by
the turn with the two swapped (decoys_swap.py; option decoy_beside).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from judge.engine.orders import Hold, Move, Order, Support
from judge.engine.outcome import Dislodgement, OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome, Rules
from judge.engine.types import Unit, province_of

from .decoys import DecoyDisbanded, plain
from .decoys_orders import DecoyHold, DecoyMove, as_copys
from .decoys_swap import Replay, swap_exposes

Orders = Mapping[str, Sequence[Order]]
Adjudicate = Callable[[Position, Orders], PhaseOutcome]
DecoyOrder = DecoyMove | DecoyHold


def judged_beside(rules: Rules, position: Position, orders: Orders, first: PhaseOutcome,
                  landed: PhaseOutcome, decoy: Unit, order: DecoyOrder | None,
                  adjudicate: Adjudicate, replay: Replay | None = None) -> PhaseOutcome:
    """`landed` with 8c judged for `decoy`, which started beside its copy. `first` is the
    movement without it, `position` and `orders` the phase's (its own order apart);
    `replay`, given, judges the case this board cannot (decoys_swap.py)."""
    where = province_of(decoy.loc)
    copy = next((u for u in position.units if u != decoy and plain(u) == plain(decoy)), None)
    left = copy is not None and _left(first, copy)
    moving = isinstance(order, DecoyMove)
    if copy is None or not (left or moving):
        return landed  # both stay: 8b alone disbands it
    area = province_of(order.dest) if isinstance(order, DecoyMove) else where
    theirs = [o for o in orders.get(copy.power, ()) if province_of(o.loc) == where]
    if any(_concerns(o, area) for o in theirs):
        exposed = replay is not None and isinstance(order, DecoyMove) and \
            swap_exposes(orders, landed, decoy, copy, order, theirs, replay)
        return _exposed(landed, decoy, area) if exposed else landed
    beaten = _swapping(first, copy, where)
    real = plain(decoy)
    own = Move(real.loc, order.dest, order.kind) if isinstance(order, DecoyMove) \
        else Hold(real.loc, real.kind)
    board = position._replace(units=tuple(real if u == decoy else u for u in position.units
                                          if u != copy))
    given = {p: [Hold(o.loc, o.kind) if o in beaten else o for o in os
                 if not (p == copy.power and o in theirs)] for p, os in orders.items()}
    given[copy.power] = [*given.get(copy.power, []), own]
    other = adjudicate(board, given)
    # The copy's move and the beaten ones, with their supports, are not the area's doing.
    aside = [*beaten, *(o for o in theirs if isinstance(o, Move))]
    if _around(landed, area, decoy, copy, moving, aside) != \
            _around(other, area, real, None, moving, aside):
        return _exposed(landed, decoy, area)
    return _as_real(rules, landed, other, decoy, real) if not moving else landed


def _left(out: PhaseOutcome, copy: Unit) -> bool:
    return any(r.unit == copy and isinstance(r.order, Move) and r.outcome == Outcome.SUCCEEDS
               for r in out.results)


def _concerns(order: Order, area: str) -> bool:
    if isinstance(order, Move):
        return province_of(order.dest) == area
    if isinstance(order, Support):
        return area in (province_of(order.target), province_of(order.dest or order.target))
    return False


def _swapping(out: PhaseOutcome, copy: Unit, where: str) -> list[Move]:
    """The moves into the copy's area from the area the copy went to: head-to-head with
    the copy, which the board without the copy would not have."""
    went = {province_of(r.order.dest) for r in out.results
            if r.unit == copy and isinstance(r.order, Move)}
    return [r.order for r in out.results
            if r.unit is not None and province_of(r.unit.loc) in went
            and isinstance(r.order, Move) and province_of(r.order.dest) == where]


def _around(out: PhaseOutcome, area: str, me: Unit, skip: Unit | None,
            moving: bool, aside: Sequence[Move]) -> tuple[object, ...]:
    """What the phase shows of `area`: the results of the orders of its units, into it or
    supporting there, and whether the decoy's move succeeded (`me`: the decoy, or the real
    unit in its place; `skip`: its copy); who stands there. A decoy that stays is judged
    by the rest: dislodged as the real unit would be, it is dislodged (_as_real). The
    moves `aside` (the copy's, those it beat head-to-head) and their supports are left
    out."""
    shown = sorted(repr((r.power, r.unit and plain(r.unit), r.order and as_copys(r.order),
                         r.outcome, r.reason, r.dislodged)) for r in out.results
                   if r.unit not in (me, skip) and _in(r, area) and not _of(r, aside))
    mine = sorted(repr((r.outcome, r.reason)) for r in out.results if r.unit == me and moving)
    units = sorted(repr(plain(u)) for u in out.position.units
                   if province_of(u.loc) == area and u != me)
    return tuple(shown), tuple(mine), tuple(units)


def _of(r: OrderResult, moves: Sequence[Move]) -> bool:
    """Whether `r` is of one of `moves` or a support of one."""
    for move in moves:
        if r.unit is not None and province_of(r.unit.loc) == province_of(move.loc):
            return True
        if isinstance(r.order, Support) and r.order.dest is not None \
                and province_of(r.order.target) == province_of(move.loc) \
                and province_of(r.order.dest) == province_of(move.dest):
            return True
    return False


def _in(r: OrderResult, area: str) -> bool:
    here = r.unit is not None and province_of(r.unit.loc) == area
    return here or (r.order is not None and _concerns(r.order, area))


def _exposed(out: PhaseOutcome, decoy: Unit, area: str) -> PhaseOutcome:
    """The decoy disbanded, from wherever it ended, as exposed (8c), not as not alone."""
    ends = {province_of(decoy.loc), area}
    units = tuple(u for u in out.position.units
                  if not (u.payload == decoy.payload and u.power == decoy.power
                          and u.kind == decoy.kind and province_of(u.loc) in ends))
    events = (*(e for e in out.events if not (isinstance(e, DecoyDisbanded)
                                               and e.unit == decoy)),
              DecoyDisbanded(decoy, "exposed"))
    return PhaseOutcome(out.results, out.position._replace(units=units), events)


def _as_real(rules: Rules, out: PhaseOutcome, other: PhaseOutcome, decoy: Unit,
             real: Unit) -> PhaseOutcome:
    """Not exposed, the decoy that stayed ends as the real unit would: dislodged, with its
    retreats, where that unit would be (not disbanded as not alone, 8b); not into the area
    its copy entered, which the board without the copy left open."""
    hit = next((d for d in other.position.dislodged if d.unit == real), None)
    if hit is None:
        return out
    taken = {province_of(u.loc) for u in out.position.units
             if rules.kinds[u.kind].layer == "main"}
    retreats = tuple(r for r in hit.retreats if province_of(r) not in taken)
    told = next(r for r in other.results if r.unit == real)
    results = tuple(r._replace(outcome=told.outcome, reason=told.reason, dislodged=True)
                    if r.unit == decoy else r for r in out.results)
    rest = (e for e in out.events if not isinstance(e, OrderResult)
            and not (isinstance(e, DecoyDisbanded) and e.unit == decoy))
    after = out.position._replace(
        units=tuple(u for u in out.position.units if u != decoy),
        dislodged=(*out.position.dislodged,
                   Dislodgement(decoy, hit.attacker_from, retreats)))
    return PhaseOutcome(results, after, (*results, *rest))
