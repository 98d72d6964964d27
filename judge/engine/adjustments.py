"""The adjustment phase: builds, removals, waives, and civil disorder (2023 rules).

Orders are taken one by one, the first legal ones counting (DATC 4.D.4 b, 4.D.5 b,
4.D.6 b); removals still owed afterwards follow the civil disorder rule of the 2023
rulebook (DATC 4.D.8): farthest from an owned centre over land and sea alike, a fleet
before an army, then the province's English name.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from judge.engine import reasons as R
from judge.engine.checks import plural
from judge.engine.native import mypyc_attr
from judge.engine.orders import Build, Disband, Order, Waive
from judge.engine.outcome import Adjustment, Event, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.refusal import Loc, Locs, Power, state
from judge.engine.rulebook import BuildSites, RemovalDistance
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules
from judge.engine.types import ADJUSTMENT, Unit, UnitKind, province_of
from judge.engine.visibility import Viewer, duties_public

CIVIL_DISORDER = "civil disorder"  # the note on a removal the rules chose (DATC 4.D.8)


def adjustment_counts(rules: Rules, position: Position) -> dict[str, int]:
    """Builds (positive) or removals (negative) owed per power: its supply less what its
    units take (the adjustment handler's `upkeep`, 1 each unless a variant says more)."""
    counts = dict(rules.supply(rules, position))
    handler = rules.handlers.get(ADJUSTMENT)
    units = rules.main_units(position)
    if handler is None or type(handler).upkeep is PhaseHandler.upkeep:
        # A unit each (this runs at the end of every autumn): a plain loop, not Counter,
        # whose own code is Python, which a compiled build (setup.py) would call into.
        for unit in units:
            counts[unit.power] = counts.get(unit.power, 0) - 1
    else:
        for unit in units:
            counts[unit.power] = counts.get(unit.power, 0) - handler.upkeep(rules, unit)
    return {p: n for p, n in counts.items() if n}


def build_sites(rules: Rules, position: Position, power: str,
                occupied: set[str] | None = None) -> list[str]:
    if occupied is None:
        occupied = _occupied(rules, position)
    owned = rules.geo.owned_centres(position.owners, power)
    if rules.rulebook.build_sites == BuildSites.HOME:
        owned = [c for c in owned if c in rules.homes.get(power, ())]
    return [c for c in owned if c not in occupied]


def _occupied(rules: Rules, position: Position) -> set[str]:
    where = rules.geo.province
    return {where[u.loc] for u in rules.main_units(position)}


@mypyc_attr(allow_interpreted_subclasses=True)
class AdjustmentPhase(PhaseHandler):
    """The standard phase; a variant subclass may supply its own `Ledger` (Envoy's
    diplomats and double capitals)."""

    def needed(self, rules: Rules, position: Position) -> bool:
        if _hides_from_a_player(rules, position):
            # Whether anyone has a build or a removal depends on units and centres the game
            # keeps from the others: a winter skipped or held would tell every player
            # (issue #13 item 7), so a game that hides things holds every one.
            return True
        counts = adjustment_counts(rules, position)
        if any(n < 0 for n in counts.values()):
            return True
        occupied = _occupied(rules, position)
        return any(build_sites(rules, position, p, occupied) for p in counts)

    def adjudicate(
        self, rules: Rules, position: Position, orders: Mapping[str, Sequence[Order]]
    ) -> PhaseOutcome:
        counts = adjustment_counts(rules, position)
        units = list(position.units)
        results: list[OrderResult] = []
        unused: dict[str, int] = {}
        for power in sorted(set(counts) | set(orders)):
            ledger = self.ledger(rules, position, power, counts.get(power, 0), units, results)
            for order in orders.get(power, ()):
                ledger.take(order)
            ledger.finish()
            unused[power] = max(ledger.left - ledger.failed, 0)
        after = position.with_board(tuple(units))
        events: tuple[Event, ...] = (
            *(Adjustment(p, n, unused.get(p, 0)) for p, n in sorted(counts.items())),
            *results,
        )
        return PhaseOutcome(tuple(results), after, events)

    def ledger(self, rules: Rules, position: Position, power: str, count: int,
               units: list[Unit], results: list[OrderResult]) -> Ledger:
        return Ledger(rules, position, power, count, units, results)


@mypyc_attr(allow_interpreted_subclasses=True)
class Ledger:
    """One power's adjustment orders, taken in the order written."""

    def __init__(self, rules: Rules, position: Position, power: str, count: int,
                 units: list[Unit], results: list[OrderResult]) -> None:
        self.rules, self.position, self.power = rules, position, power
        self.left = count
        self.failed = 0  # builds ordered that failed: unused, but not for want of an order
        self.units = units
        self.results = results
        self.sites = build_sites(rules, position, power) if count > 0 else []

    def take(self, order: Order) -> None:
        try:
            unit = self._apply(order)
        except Refused as exc:
            self.results.append(OrderResult(self.power, exc.unit, order, "", exc.outcome,
                                            exc.reason, exc.message))
            self.failed += isinstance(order, Build) and exc.reason != Reason.TOO_MANY
            return
        self.results.append(OrderResult(self.power, unit, order, "", Outcome.SUCCEEDS))

    def _apply(self, order: Order) -> Unit | None:
        if isinstance(order, Build | Waive):
            if self.left <= 0:
                raise Refused(state(R.NO_BUILD_TO_USE, power=Power(self.power)), Reason.TOO_MANY)
            unit = self._build(order) if isinstance(order, Build) else None
            self.left -= 1
            return unit
        if isinstance(order, Disband):
            return self._remove(order)
        raise Refused(state(R.NOT_AN_ADJUSTMENT, what=str(order)))

    def _build(self, order: Build) -> Unit:
        prov = province_of(order.loc)
        # A site may be listed twice (Envoy's capitals), but one unit per province.
        if prov not in self.sites or self._standing(prov):
            raise Refused(self._why_not_site(prov), Reason.ILLEGAL, Outcome.FAILS)
        unit = Unit(self.power, *_kind_and_loc(self.rules, order))
        self.sites.remove(prov)
        self.units.append(unit)
        return unit

    def _why_not_site(self, prov: str) -> str:
        if not self.rules.geo.is_province(prov):
            return state(R.NO_PROVINCE, place=Loc(prov))
        # Ownership first: a centre lost in the autumn is usually occupied by its taker too,
        # and "not vacant" would hide why it can never be built on this winter.
        if self.position.owners.get(prov) != self.power:
            return state(R.NOT_OWNED, power=Power(self.power), place=Loc(prov))
        # Then the site before its occupant: a captured centre that is no home centre is
        # never built on, vacant or not (Italy's `Build A Mar` with its army there).
        if self._standing(prov) and prov in build_sites(self.rules, self.position,
                                                        self.power, occupied=set()):
            return state(R.NOT_VACANT, place=Loc(prov))
        return state(R.NOT_HOME, place=Loc(prov), power=Power(self.power))

    def _standing(self, prov: str) -> bool:
        """Whether a main-layer unit now stands in `prov` (other layers share provinces)."""
        kinds = self.rules.kinds
        return any(province_of(u.loc) == prov and kinds[u.kind].layer == "main"
                   for u in self.units)

    def _remove(self, order: Disband) -> Unit:
        prov = province_of(order.loc)
        kinds = self.rules.kinds
        # Only a main-layer unit counts towards removals (a diplomat beside it does not).
        unit = next((u for u in self.units if province_of(u.loc) == prov
                     and u.power == self.power and kinds[u.kind].layer == "main"), None)
        if unit is None:
            raise Refused(state(R.NO_UNIT_OF_POWER, power=Power(self.power), place=Loc(prov)),
                          Reason.NO_UNIT, Outcome.FAILS)
        if self.left >= 0:
            raise Refused(state(R.NO_REMOVAL, power=Power(self.power)), Reason.TOO_MANY,
                           Outcome.FAILS, unit)
        self.units.remove(unit)
        self.left += 1
        return unit

    def finish(self) -> None:
        """Removals owed and not ordered, by the civil disorder rule and marked as the
        rules' doing; builds left unused stay in `left` (the phase reports them waived)."""
        while self.left < 0:
            unit = civil_disorder_choice(self.rules, self.position, self.units, self.power)
            self.units.remove(unit)
            self.left += 1
            self.results.append(OrderResult(self.power, unit, Disband(unit.loc, unit.kind), "",
                                            Outcome.SUCCEEDS, None, CIVIL_DISORDER,
                                            unordered=True))


class Refused(Exception):
    def __init__(self, message: str, reason: Reason = Reason.ILLEGAL,
                 outcome: Outcome = Outcome.ILLEGAL, unit: Unit | None = None) -> None:
        super().__init__(message)
        self.message, self.reason, self.outcome, self.unit = message, reason, outcome, unit


def _kind_and_loc(rules: Rules, order: Build) -> tuple[str, str]:
    """DATC 4.C.3 c, 4.C.4, 4.B.7: the kind may be left out where only one fits; a fleet
    in a multi-coast province needs its coast; a fleet cannot be built inland."""
    prov = province_of(order.loc)
    kinds = [k for k in rules.kinds.values() if k.layer == "main" and k.buildable]
    written = rules.kinds.get(order.kind or "")
    if written is not None and not written.buildable:
        others = " or ".join(k.name for k in kinds)
        raise Refused(f"a unit of the kind {written.name} is never built; build {others}",
                      Reason.ILLEGAL, Outcome.FAILS)
    if order.kind is not None:
        kinds = [k for k in kinds if k.code == order.kind]
    fits = [(k, rules.geo.stand_locations(k, prov)) for k in kinds]
    fits = [(k, locs) for k, locs in fits if locs]
    if order.loc != prov:
        coast_fits: list[tuple[UnitKind, tuple[str, ...]]] = [
            (k, (order.loc,)) for k, locs in fits if order.loc in locs
        ]
        fits = coast_fits or [(k, locs) for k, locs in fits if len(locs) == 1]
    if not fits and len(kinds) == 1:
        # `build fleet Par`: say the kind cannot stand there, as a move there is told.
        raise Refused(state(R.KIND_CANNOT_GO, kind=plural(kinds[0].name), place=Loc(prov),
                            terrain=rules.geo.provinces[prov].terrain),
                      Reason.ILLEGAL, Outcome.FAILS)
    if len(fits) != 1:
        what = " or ".join(k.name for k, _ in fits) or "no unit of that kind"
        raise Refused(state(R.WHICH_UNIT, place=Loc(prov), what=what), Reason.ILLEGAL,
                      Outcome.FAILS)
    kind, locs = fits[0]
    if len(locs) > 1:
        raise Refused(state(R.WHICH_COAST, place=Loc(prov), coasts=Locs(tuple(locs))),
                      Reason.ILLEGAL,
                       Outcome.FAILS)
    return kind.code, locs[0]


def civil_disorder_choice(rules: Rules, position: Position, units: list[Unit], power: str) -> Unit:
    centres = rules.geo.owned_centres(position.owners, power)
    if rules.rulebook.removal_distance == RemovalDistance.HOME and rules.homes.get(power):
        centres = sorted(rules.homes[power])  # the 1971 rules' distance (DATC 4.D.8)
    mine = [u for u in units if u.power == power and rules.kinds[u.kind].layer == "main"]

    def distance(u: Unit) -> int:
        row = rules.distances[province_of(u.loc)]
        return min((row.get(c, 10**6) for c in centres), default=10**6)

    def key(u: Unit) -> tuple[int, int, str]:
        name = rules.geo.provinces[province_of(u.loc)].name
        return (-distance(u), -rules.kinds[u.kind].removal_priority, name)

    return min(mine, key=key)


def _hides_from_a_player(rules: Rules, position: Position) -> bool:
    """Whether the game's visibility says it may keep anything from one of its players (a
    fact of its rules and options, never of what stands where)."""
    # getattr is what isinstance(visibility, Hiding) asks on Python 3.11, without a
    # protocol's isinstance (about 10 µs): this runs at the end of every autumn.
    hides = getattr(rules.visibility, "hides", None)
    if hides is None or duties_public(rules.visibility):
        return False
    return any(hides(position, v) for v in _players(rules.powers))


@functools.cache
def _players(powers: tuple[str, ...]) -> tuple[Viewer, ...]:
    return tuple(Viewer.player(power) for power in powers)
