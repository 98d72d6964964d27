"""rn45 C8 8c: "Any turn which exposes the Decoy unit due to its or an opponents order causes
the unit to be disbanded."

Reading (docs/variants/engineered.md): a decoy is exposed when the turn's outcome shows
it: when the phase, adjudicated again with that decoy as the real unit it copies, ends
otherwise (any result, dislodgement or unit on the board, decoy marks aside). A turn whose
outcome a real unit would have had exposes nothing, so it tells nobody which unit is a
decoy; an exposed decoy is disbanded at the end of the phase, for all to see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from judge.engine.orders import Move, Order
from judge.engine.outcome import Dislodgement, Event, Outcome
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome
from judge.engine.types import Unit, province_of

from .decoys import DecoyDisbanded, is_decoy, plain

Adjudicate = Callable[[Position], PhaseOutcome]
Orders = Mapping[str, Sequence[Order]]


def with_exposure(position: Position, out: PhaseOutcome, adjudicate: Adjudicate) -> PhaseOutcome:
    """`out`, with every decoy its outcome exposes disbanded (8c)."""
    decoys = [u for u in position.units if is_decoy(u)]
    if not decoys:
        return out
    seen = _shown(out)
    exposed = [d for d in decoys if _shown(adjudicate(_real(position, d))) != seen]
    if not exposed:
        return out
    return _disband(out, exposed)


def _real(position: Position, decoy: Unit) -> Position:
    return position._replace(units=tuple(plain(u) if u == decoy else u for u in position.units))


def _shown(out: PhaseOutcome) -> tuple[object, ...]:
    """What the phase shows of itself, decoy marks aside."""
    results = tuple((r.power, plain(r.unit) if r.unit else None, r.order, r.outcome, r.reason,
                     r.dislodged) for r in out.results)
    after = out.position
    return (results, sorted(map(plain, after.units)),
            sorted((plain(d.unit), d.attacker_from, d.retreats) for d in after.dislodged))


def _disband(out: PhaseOutcome, exposed: Sequence[Unit]) -> PhaseOutcome:
    """The exposed decoys go from wherever each ended: dislodged, moved, or in place."""
    after, marked = out.position, set(exposed)
    dislodged = tuple(d for d in after.dislodged if d.unit not in marked)
    ended = {_where_it_ended(out, d) for d in exposed} - {None}
    units = tuple(u for u in after.units if u not in ended)
    # Disbanded, not dislodged: it does not retreat, and no report offers it retreats.
    kept = (e for e in out.events if not (isinstance(e, Dislodgement) and e.unit in marked))
    events: tuple[Event, ...] = (*kept, *(DecoyDisbanded(d, "exposed") for d in exposed))
    return PhaseOutcome(out.results, after._replace(units=units, dislodged=dislodged), events)


def _where_it_ended(out: PhaseOutcome, decoy: Unit) -> Unit | None:
    """The decoy on the board after the phase, or None when it was dislodged."""
    if any(d.unit == decoy for d in out.position.dislodged):
        return None
    there = province_of(decoy.loc)
    for r in out.results:
        if r.unit == decoy and r.outcome == Outcome.SUCCEEDS and isinstance(r.order, Move):
            there = province_of(r.order.dest)
    for u in out.position.units:
        if province_of(u.loc) == there and u.payload == decoy.payload:
            return u
    return None
