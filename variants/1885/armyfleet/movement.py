"""1885-III's movement phase: embarkations first (l.39-42), then the month decided on the
table (resolve.py), then what the rules make of it: an army landed leaves a fleet, a landing
that failed stays aboard, a fast-ferried army that could not land stays aboard as an A/F
(l.37-39)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.movement import movement_outcome
from judge.engine.orders import Order
from judge.engine.outcome import Dislodgement, Event, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.resolver import MOVE
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules
from judge.engine.types import Unit

from .embark import embark, landings
from .orders import ARMY, ARMY_FLEET, FLEET, Disembark, Embark
from .plain import as_written, meant, second_orders
from .resolve import ArmyFleetResolver, Readings, Run, decide
from .retreats import widened
from .table import Landing

Orders = Mapping[str, Sequence[Order]]

EXCEPTION = ("the army's landing would have decided its own A/F's move, so it fails and "
             "the army stays aboard (the Exception, l.60-71)")


class ArmyFleetMovement(PhaseHandler):
    def __init__(self, readings: Readings) -> None:
        self.readings = readings

    def adjudicate(self, rules: Rules, position: Position, given: Orders) -> PhaseOutcome:
        orders, written = meant(rules, position, given)
        orders, second = second_orders(rules, position, orders)
        out = self._month(rules, position, orders)
        results = (*as_written(out.results, written), *second)
        others = tuple(e for e in out.events if not isinstance(e, OrderResult))
        return PhaseOutcome(results, out.position, (*results, *others))

    def as_meant(self, rules: Rules, position: Position, power: str,
                 orders: Sequence[Order]) -> list[Order]:
        # A plain boarding or landing (plain.py) is the order it means: `A Hob - Azo` beside
        # `A/F Hob disembarks Azo` is the one landing written twice, not two orders.
        return meant(rules, position, {power: orders})[0].get(power, [])

    def _month(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        embarks = [(p, o) for p, given in orders.items() for o in given if isinstance(o, Embark)]
        lands = [(p, o) for p, given in orders.items() for o in given
                 if isinstance(o, Disembark)]
        rest = {p: [o for o in given if not isinstance(o, Embark | Disembark)]
                for p, given in orders.items()}
        boarded, first = embark(rules, position, embarks)
        landing, refused = landings(rules, boarded, lands, rest)
        final, cancelled = decide(rules, boarded, rest, landing, self.readings)
        return _month(rules, boarded, final, [*first, *refused, *_cancelled(cancelled)])


def _cancelled(cancelled: list[Landing]) -> list[OrderResult]:
    return [OrderResult(x.power, x.af, x.order, "", Outcome.FAILS, Reason.PARADOX, EXCEPTION)
            for x in cancelled]


def _by_af(landings: list[Landing], results: Sequence[OrderResult]) -> list[OrderResult]:
    """A landing's result names the A/F that carried the army, as the order does."""
    af = {id(x.order): x.af for x in landings}
    return [r._replace(unit=af[id(r.order)]) if id(r.order) in af else r for r in results]


def _month(rules: Rules, position: Position, final: Run,
           extra: list[OrderResult]) -> PhaseOutcome:
    r, table = final.resolver, final.table
    out = movement_outcome(rules, position, table.legal, final.illegal, r)
    # ferry_bounce=aboard: an army aboard its ferry all month was not where it was attacked.
    aboard = {r.units[i] for i in r.moves if not r.res[i] and r.aboard(i)}
    gone = [d for d in out.position.dislodged if d.unit not in aboard]
    dislodged = {d.unit: d for d in gone}
    changes = _kind_changes(final, set(dislodged))
    units = []
    for i, unit in enumerate(r.units):
        if unit in dislodged and not (i in r.moves and r.res[i]):
            continue
        change = changes.get(i, unit.kind)
        if change is None:
            continue
        loc = r.dest_loc[i] if r.otype[i] == MOVE and r.res[i] else unit.loc
        units.append(Unit(unit.power, change, loc, unit.payload))
    kept = tuple(widened(rules, units, _retyped(d, changes, r)) for d in gone)
    after = out.position.with_board(tuple(units), kept)
    results = (*extra, *_by_af(final.landings, out.results))
    events: tuple[Event, ...] = (*results, *kept)
    return PhaseOutcome(results, after, events)


def _retyped(d: Dislodgement, changes: Mapping[int, str | None],
             r: ArmyFleetResolver) -> Dislodgement:
    i = r.units.index(d.unit)
    kind = changes.get(i, d.unit.kind) or d.unit.kind
    return d._replace(unit=Unit(d.unit.power, kind, d.unit.loc, d.unit.payload))


def _kind_changes(final: Run, dislodged: set[Unit]) -> dict[int, str | None]:
    """Unit index -> its kind after the month, None for a unit that leaves the board (an
    army back aboard, or aboard after a fast ferry it could not land from)."""
    r, table = final.resolver, final.table
    changes: dict[int, str | None] = {}
    for n, landing in enumerate(final.landings):
        k = table.index(f"{landing.sea}@{n}")
        if r.res[k]:
            changes[_af(final, landing)] = FLEET
        else:
            changes[k] = None
    for i in r.moves:
        if r.convoyed[i] and not r.res[i] and r.units[i] not in dislodged and r.path(i):
            fleet = _ferry(r, i)
            if fleet >= 0:
                changes[i], changes[fleet] = None, ARMY_FLEET
    return changes


def _af(final: Run, landing: Landing) -> int:
    return final.af_index(landing)


def _ferry(r: ArmyFleetResolver, i: int) -> int:
    """The power's fleet whose fast ferry held for an army that could not land (l.37-39),
    or -1: an army of another power's ferry stays where it was (a reading). Of two such
    fleets, which the text never foresees ("the fleet"), the one in the sea whose name
    (the judge's abbreviation) comes first in the alphabet: a rule the players can see,
    where the order the units are stored in is not."""
    if r.units[i].kind != ARMY:
        return -1
    ferries = [c for c in r.convoyers.get(i, {}).values()
               if r.res[c] and r.power[c] == r.power[i] and r.units[c].kind == FLEET]
    return min(ferries, key=lambda c: r.units[c].loc, default=-1)
