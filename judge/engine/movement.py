"""The movement phase: legality, resolution, then results, dislodgements and the new board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.legality import Checked, check_movement
from judge.engine.orders import Hold, Order
from judge.engine.outcome import Dislodgement, Event, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.resolver import CONVOY, HOLD, MOVE, SUPPORT, Resolver
from judge.engine.rules import PhaseOutcome, Rules
from judge.engine.types import Unit, province_of


class MovementPhase:
    def needed(self, rules: Rules, position: Position) -> bool:
        return True

    def adjudicate(
        self, rules: Rules, position: Position, orders: Mapping[str, Sequence[Order]]
    ) -> PhaseOutcome:
        legal, illegal = check_movement(rules, position, orders)
        resolver = Resolver(rules, position, legal)
        resolver.run()
        return _outcome(rules, position, legal, illegal, resolver)


def _outcome(
    rules: Rules,
    position: Position,
    legal: Mapping[str, Checked],
    illegal: list[OrderResult],
    r: Resolver,
) -> PhaseOutcome:
    dislodger = _dislodgers(r)
    # A unit whose only orders were illegal holds, but it was ordered: its results are
    # those illegal orders, not an extra implicit hold.
    tried = {res.unit for res in illegal if res.unit is not None}
    results = _results(r, legal, dislodger, tried)
    gone = {r.units[i] for i in dislodger}
    results.extend(_mark(res, res.unit in gone) for res in illegal) if gone else \
        results.extend(illegal)
    blocked = _occupied_after(r) | _standoffs(r) if dislodger else set()
    dislodged = tuple(_dislodgement(rules, r, i, m, blocked) for i, m in dislodger.items())
    units = _board_after(r, dislodger)
    if len(r.units) != len(position.units):
        main = set(r.units)
        units += tuple(u for u in position.units if u not in main)
    after = position.with_board(units, dislodged)
    events: tuple[Event, ...] = (*results, *dislodged)
    return PhaseOutcome(tuple(results), after, events)


def _board_after(r: Resolver, dislodger: Mapping[int, int]) -> tuple[Unit, ...]:
    otype, res, dest_loc = r.otype, r.res, r.dest_loc
    return tuple([
        _new(Unit, (u.power, u.kind, dest_loc[i])) if otype[i] == MOVE and res[i] else u
        for i, u in enumerate(r.units)
        if i not in dislodger
    ])


def _dislodgers(r: Resolver) -> dict[int, int]:
    """Dislodged unit -> the unit that moved into its province."""
    out: dict[int, int] = {}
    otype, res, at, dest = r.otype, r.res, r.at, r.dest
    for i, kind in enumerate(otype):
        if kind == MOVE and res[i]:
            j = at.get(dest[i], -1)
            if j >= 0 and not (otype[j] == MOVE and res[j]):
                out[j] = i
    return out


def _mark(res: OrderResult, dislodged: bool) -> OrderResult:
    if not dislodged:
        return res
    return OrderResult(res.power, res.unit, res.order, res.text, res.outcome, res.reason,
                       res.message, True)


def _results(r: Resolver, legal: Mapping[str, Checked], dislodger: Mapping[int, int],
             tried: set[Unit]) -> list[OrderResult]:
    out: list[OrderResult] = []
    add, new, otype, res, prov, get = out.append, _new, r.otype, r.res, r.prov, legal.get
    for i, unit in enumerate(r.units):
        checked = get(prov[i])
        if checked is None and unit in tried:
            continue
        dislodged = i in dislodger
        kind = otype[i]
        if not dislodged and (kind == HOLD or (res[i] and kind != CONVOY)):
            outcome, reason = _SUCCESS  # the common cases, without a call
        else:
            outcome, reason = _judge(r, i, dislodged)
        # tuple.__new__ is what NamedTuple._make does, without the Python-level __new__:
        # this runs once per unit per phase (bench/).
        if checked is None:
            add(new(OrderResult, (unit.power, unit, Hold(unit.loc, unit.kind), "", outcome,
                                  reason, "", dislodged)))
        else:
            add(new(OrderResult, (checked.power, unit, checked.order, "", outcome, reason, "",
                                  dislodged)))
    return out


_new = tuple.__new__


_SUCCESS: tuple[Outcome, Reason | None] = (Outcome.SUCCEEDS, None)


def _judge(r: Resolver, i: int, dislodged: bool) -> tuple[Outcome, Reason | None]:
    kind = r.otype[i]
    if kind == HOLD:
        return (Outcome.FAILS, Reason.DISLODGED) if dislodged else (Outcome.SUCCEEDS, None)
    if not r.valid[i]:
        return Outcome.VOID, Reason.NO_MATCH
    if r.res[i]:
        return _convoy_outcome(r, i) if kind == CONVOY else (Outcome.SUCCEEDS, None)
    if i in r.paradox:
        return Outcome.FAILS, Reason.PARADOX
    if kind == MOVE:
        return Outcome.FAILS, (Reason.BOUNCED if r.path(i) else _no_path(r, i))
    if kind == SUPPORT:
        return Outcome.FAILS, Reason.DISLODGED if dislodged else Reason.CUT
    assert kind == CONVOY
    return Outcome.FAILS, Reason.DISLODGED if dislodged else Reason.DISRUPTED


def _convoy_outcome(r: Resolver, c: int) -> tuple[Outcome, Reason | None]:
    """A fleet that stayed in place still failed its convoy if the army's route broke."""
    return (Outcome.SUCCEEDS, None) if r.path(r.target[c]) else (Outcome.FAILS, Reason.DISRUPTED)


def _no_path(r: Resolver, i: int) -> Reason:
    return Reason.DISRUPTED if r.convoyers.get(i) else Reason.NO_CONVOY


def _dislodgement(rules: Rules, r: Resolver, i: int, m: int, blocked: set[str]) -> Dislodgement:
    unit = r.units[i]
    return Dislodgement(unit, r.prov[m], retreat_options(rules, r, unit, m, blocked))


def retreat_options(rules: Rules, r: Resolver, unit: Unit, attacker: int,
                    blocked: set[str]) -> tuple[str, ...]:
    """DATC 6.H: not into an occupied province, the attacker's origin (unless it came by
    convoy, 4.A.5 b), or a province left empty by a standoff (6.H.6, 6.H.9, 6.H.16);
    `blocked` holds the occupied and standoff provinces of the phase."""
    if not (r.convoyed[attacker] and rules.rulebook.retreat_to_convoy_origin):
        blocked = blocked | {r.prov[attacker]}
    near = rules.geo.neighbours(rules.kinds[unit.kind], unit.loc)
    return tuple(sorted(loc for loc in near if province_of(loc) not in blocked))


def _occupied_after(r: Resolver) -> set[str]:
    return {
        r.dest[i] if r.otype[i] == MOVE and r.res[i] else r.prov[i]
        for i in range(len(r.units))
    }


def _standoffs(r: Resolver) -> set[str]:
    """Provinces where a move failed that still had effect there (a real bounce)."""
    out = set()
    for i, kind in enumerate(r.otype):
        if kind == MOVE and r.valid[i] and not r.res[i] and r.prevent(i) > 0:
            out.add(r.dest[i])
    return out
