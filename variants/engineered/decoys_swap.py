"""rn45 C8 8c for a decoy beside its copy where the copy's own order acts on the area the
decoy moves to (issue #15 item 1; option `decoy_beside`, docs/variants/engineered.md).

decoys_beside.py compares the turn with one where the decoy, made real, stands in its
copy's place; that board drops what the copy did in the area compared, so it cannot judge
this case. Reading of 8c's "exposes the Decoy unit": everyone knows one of the two alike
units in the area is a decoy (its making was seen, 2b); the turn exposes it when its
outcome tells which. That is so when the turn with the two swapped, the decoy real with
its own order and its copy the decoy with the copy's order, would have shown otherwise;
or, showing the same, when in both the decoy ends in the same place (two moves to one
area: the unit that entered can only be the real one, so the one left behind is known).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from judge.engine.orders import Move, Order
from judge.engine.outcome import Outcome
from judge.engine.rules import PhaseOutcome
from judge.engine.types import Unit, province_of

from .decoys import DecoyDisbanded, as_decoy, plain
from .decoys_orders import DecoyHold, DecoyMove, as_copys

Orders = Mapping[str, Sequence[Order]]
DecoyOrder = DecoyMove | DecoyHold
# The phase's movement with the decoys beside their copies landed (decoys_phase.
# with_stacked), again: its units swapped as given, with these orders, and these decoy
# orders, by (power, area), in place of the players'.
Replay = Callable[[Mapping[Unit, Unit], Orders, Mapping[tuple[str, str], DecoyOrder]],
                  PhaseOutcome]


def swap_exposes(orders: Orders, landed: PhaseOutcome, decoy: Unit, copy: Unit,
                 order: DecoyMove, theirs: Sequence[Order], replay: Replay) -> bool:
    """Whether `landed` exposes `decoy` (8c), which moved with `order` beside `copy`,
    whose orders in its area are `theirs`. A decoy 8b disbands is not judged again."""
    here = _end(landed, decoy)
    if here is None:
        return False
    real, twin = plain(decoy), as_decoy(copy)
    given = {p: [o for o in os if not (p == copy.power and o in theirs)]
             for p, os in orders.items()}
    given[copy.power] = [*given.get(copy.power, []), Move(real.loc, order.dest, order.kind)]
    where = province_of(decoy.loc)
    swapped = replay({decoy: real, copy: twin}, given,
                     {(copy.power, where): _as_decoys(copy, theirs)})
    pair = plain(decoy)
    if _seen(landed, pair) != _seen(swapped, pair):
        return True
    return _end(swapped, twin) == here


def _as_decoys(copy: Unit, theirs: Sequence[Order]) -> DecoyOrder:
    """The copy's order given to it as a decoy beside its copy: a move or a hold (8b);
    a support it gave adds nothing from a decoy (8a: zero power), so it holds."""
    move = next((o for o in theirs if isinstance(o, Move)), None)
    if move is not None:
        return DecoyMove(copy.loc, move.dest, copy.kind)
    return DecoyHold(copy.loc, copy.kind)


def _end(out: PhaseOutcome, piece: Unit) -> str | None:
    """Where `piece`, a decoy beside its copy, ended: its area or the one it entered; None
    when it was disbanded (8b)."""
    if any(isinstance(e, DecoyDisbanded) and e.unit == piece for e in out.events):
        return None
    for r in out.results:
        if r.unit == piece and isinstance(r.order, DecoyMove) \
                and r.outcome == Outcome.SUCCEEDS:
            return province_of(r.order.dest)
    return province_of(piece.loc)


def _seen(out: PhaseOutcome, pair: Unit) -> tuple[object, ...]:
    """What everyone but the owner sees of the turn, the two alike units' own results
    aside (one of them a decoy's, whose support is no support): every other result, the
    board and the dislodged units, each decoy as its copy."""
    shown = sorted(repr((r.power, r.unit and plain(r.unit), r.order and as_copys(r.order),
                         r.outcome, r.reason, r.dislodged)) for r in out.results
                   if r.unit is None or plain(r.unit) != pair)
    units = sorted(repr(plain(u)) for u in out.position.units)
    dislodged = sorted(repr((plain(d.unit), d.attacker_from, d.retreats))
                       for d in out.position.dislodged)
    return tuple(shown), tuple(units), tuple(dislodged)

