"""The retreat phase: each dislodged unit retreats or disbands; two retreats into one
province both disband (DATC 6.H.7, 6.H.8); supports and convoys have no place (6.H.1-6.H.3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine import reasons as R
from judge.engine.orders import Disband, Order, Retreat
from judge.engine.outcome import Dislodgement, Event, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.refusal import Loc, Locs, Power, state
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules
from judge.engine.types import Unit, province_of


class RetreatPhase(PhaseHandler):
    def needed(self, rules: Rules, position: Position) -> bool:
        return bool(position.dislodged)

    def adjudicate(
        self, rules: Rules, position: Position, orders: Mapping[str, Sequence[Order]]
    ) -> PhaseOutcome:
        by_prov = {province_of(d.unit.loc): d for d in position.dislodged}
        chosen: dict[str, tuple[str, Order, str | None]] = {}
        results: list[OrderResult] = []
        for power, given in orders.items():
            for order in given:
                _take(rules, position, by_prov, power, order, chosen, results)
        return _settle(rules, position, by_prov, chosen, results)


def _take(
    rules: Rules,
    position: Position,
    by_prov: Mapping[str, Dislodgement],
    power: str,
    order: Order,
    chosen: dict[str, tuple[str, Order, str | None]],
    results: list[OrderResult],
) -> None:
    d = by_prov.get(province_of(order.loc))
    unit = d.unit if d else None
    try:
        dest = _check(rules, position, power, d, order)
    except ValueError as exc:
        reason = Reason.BOUNCED if isinstance(exc, Barred) else Reason.ILLEGAL
        results.append(OrderResult(power, unit, order, "", Outcome.ILLEGAL, reason,
                                   exc.args[0]))
        return
    assert d is not None
    prov = province_of(d.unit.loc)
    if prov in chosen:
        # A later order replaces an earlier one for the same unit, as on submission.
        old_power, old, _ = chosen[prov]
        results.append(OrderResult(old_power, unit, old, "", Outcome.ILLEGAL, Reason.DUPLICATE,
                                   state(R.SUPERSEDED, unit=d.unit)))
    chosen[prov] = (power, order, dest)


def _check(
    rules: Rules, position: Position, power: str, d: Dislodgement | None, order: Order
) -> str | None:
    if not isinstance(order, Retreat | Disband):
        raise ValueError(state(R.NOT_A_RETREAT, what=_name(order)))
    if d is None:
        raise ValueError(state(R.NO_DISLODGED, place=Loc(province_of(order.loc))))
    if not rules.may_order(position, power, d.unit):
        raise ValueError(state(R.NOT_YOURS, unit=d.unit, owner=Power(d.unit.power),
                               power=Power(power)))
    if isinstance(order, Disband):
        return None
    near = rules.geo.neighbours(rules.kinds[d.unit.kind], d.unit.loc)
    return _retreat_dest(d, order.dest, any(province_of(loc) == province_of(order.dest)
                                            for loc in near))


class Barred(ValueError):
    """A retreat to a neighbour that the board bars (a unit there, a standoff, the
    attacker's origin: DATC 6.H): illegal, with the reason `bounce`, so that a variant
    that hides units can tell it apart from an order no board would allow."""


def _name(order: Order) -> str:
    return type(order).__name__.lower() + "s"


def _retreat_dest(d: Dislodgement, written: str, neighbour: bool) -> str:
    prov = province_of(written)
    options = [loc for loc in d.retreats if province_of(loc) == prov]
    if written in options or len(options) == 1:
        return written if written in options else options[0]
    if len(options) > 1:
        raise ValueError(state(R.WHICH_COAST, place=Loc(prov), coasts=Locs(tuple(options))))
    why = state(R.CANNOT_RETREAT, unit=d.unit, place=Loc(prov),
                allowed=Locs(d.retreats, ", ")) if d.retreats else \
        state(R.NOWHERE_TO_RETREAT, unit=d.unit, place=Loc(prov))
    raise Barred(why) if neighbour else ValueError(why)


def _settle(
    rules: Rules,
    position: Position,
    by_prov: Mapping[str, Dislodgement],
    chosen: Mapping[str, tuple[str, Order, str | None]],
    results: list[OrderResult],
) -> PhaseOutcome:
    wanted = _contested(rules, by_prov, chosen)
    tried = {r.unit for r in results if r.unit is not None}  # ordered, if illegally
    units: list[Unit] = list(position.units)
    for prov, d in by_prov.items():
        power, order, dest = chosen.get(prov, (d.unit.power, None, None))
        if dest and province_of(dest) not in wanted:
            units.append(d.unit.moved(dest))
            results.append(_result(power, d.unit, order, Outcome.SUCCEEDS, None))
        elif dest:
            results.append(_result(power, d.unit, order, Outcome.FAILS, Reason.BOUNCED))
        elif order is not None:
            results.append(_result(power, d.unit, order, Outcome.SUCCEEDS, None))
        else:
            # Unordered: it disbands. Only a unit that could have retreated, and was sent
            # no order at all, missed one.
            missed = bool(d.retreats) and d.unit not in tried
            results.append(OrderResult(power, d.unit, Disband(d.unit.loc, d.unit.kind), "",
                                       Outcome.SUCCEEDS, unordered=missed))
    after = position.with_board(tuple(units))
    events: tuple[Event, ...] = tuple(results)
    return PhaseOutcome(tuple(results), after, events)


def _contested(rules: Rules, by_prov: Mapping[str, Dislodgement],
               chosen: Mapping[str, tuple[str, Order, str | None]]) -> set[str]:
    """The provinces where retreats bounce: two or more retreat there (DATC 6.H.7), unless
    the province holds any number of units of every kind retreating there (a map's `holds`,
    1885-III's High Ocean Box); a standard map holds none, so standard is unchanged."""
    kinds: dict[str, list[str]] = {}
    for prov, (_, _, dest) in chosen.items():
        if dest:
            kinds.setdefault(province_of(dest), []).append(by_prov[prov].unit.kind)
    provinces = rules.geo.provinces
    return {p for p, ks in kinds.items()
            if len(ks) > 1 and not (p in provinces and set(ks) <= provinces[p].holds)}


def _result(power: str, unit: Unit, order: Order | None, outcome: Outcome,
            reason: Reason | None) -> OrderResult:
    return OrderResult(power, unit, order, "", outcome, reason)


def default_retreats(
    rules: Rules, position: Position, unit: Unit, attacker_from: str | None
) -> tuple[str, ...]:
    """Retreats read off a bare board, when the movement that led here is not known: any
    neighbour that is empty and is not where the attacker came from."""
    occupied = {province_of(u.loc) for u in rules.main_units(position)}
    near = rules.geo.neighbours(rules.kinds[unit.kind], unit.loc)
    return tuple(sorted(loc for loc in near
                        if province_of(loc) not in occupied and province_of(loc) != attacker_from))
