"""Envoy's retreats (rules 6, 7; docs/variants/envoy.md, "Retreats").

The standard retreat phase, with the checks movement makes on who orders a unit:

- a neutral country writes no orders (6: nobody plays it);
- a player orders the retreats of his own units, his Major Allies' and his Controlled
  Neutrals' (6: a Controlled Neutral's "units are ordered by" its controller), as control
  stands on the board the retreat phase starts from; an order for anyone else's unit is
  refused and stays the writer's;
- a Controlled Neutral's unit retreats only within its rule 7 area: a retreat is a move
  ordered for it, and rule 7 says its units "may not move beyond" the area (the rule's
  removal "after all the retreats of the next Autumn" counts retreats in the turn it
  governs). A retreat beyond is illegal, and the unit, left with no legal retreat order,
  is disbanded as any unit is (1971 rules). A Major Ally's units have no such limit (6:
  "without limitations").

Results are listed under the unit's country (6: it stays a separate country), and the
phase records who ordered each neutral in it (`writers`) for its reports.

Under Stab Envoy the retreats a player is told (`told_retreats`: his reports, his board, the
answer to a retreat he may not make) depend only on what he may know (issue #13): a
neighbour is left out when he sees a unit there, when he was told of a bounce there (12d:
a meeting of two sides is told to all, his own units' bounces to him), or when the attacker
came from it (1971: never there). A retreat into a neighbour he was told of but which an
unseen unit or an unseen bounce bars is taken, and judged at adjudication: it is illegal
there, and the unit, left with no legal retreat, is disbanded (1971 rules, rule 1), as a
blind-play game master rules it. The movement leaves the bounces' countries in the state
(`BOUNCES`) for the retreat turn it leads to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.geo import Geography
from judge.engine.orders import Move, Order
from judge.engine.outcome import Dislodgement, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.reasons import NOT_YOURS
from judge.engine.refusal import Power, state
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import Unit, province_of
from judge.engine.visibility import Viewer

from .control import (
    DIPLOMAT,
    Countries,
    by_country,
    controller,
    limit_controlled,
    refuse_neutral_writers,
    with_writers,
)

Orders = Mapping[str, Sequence[Order]]
BOUNCES = "bounces"  # province -> the countries of the units that bounced there or held it


class EnvoyRetreats(WrappedPhase):
    """The standard retreat phase behind Envoy's checks on writers and controllers."""

    def __init__(self, inner: PhaseHandler, countries: Countries) -> None:
        super().__init__(inner)
        self.countries = countries

    def adjudicate(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        at = {province_of(d.unit.loc): d.unit for d in position.dislodged}
        kept, refused = refuse_neutral_writers(position, orders, at)
        kept, foreign = _refuse_foreign(rules, position, kept, at)
        kept, limited = limit_controlled(rules, position, self.countries, kept, at)
        out = self.inner.adjudicate(rules, position, kept)
        # A retreat refused beyond its area was ordered by its writer: no missed order.
        tried = {r.unit for r in limited}
        ordered = {at.get(rules.geo.province.get(o.loc) or province_of(o.loc))
                   for given in kept.values() for o in given}
        missed = _missed_as_told(rules, position, self.countries, {*ordered, *tried})
        mended = [r._replace(unordered=False) if r.unit in tried
                  else r._replace(unordered=missed[r.unit]) if r.unit in missed else r
                  for r in out.results]
        results = tuple(by_country(r) for r in (*refused, *foreign, *limited, *mended))
        others = [e for e in out.events if not isinstance(e, OrderResult)]
        after = with_writers(rules, position, out.position, self.countries)
        state = {k: v for k, v in after.state.items() if k != BOUNCES}  # the movement's only
        return PhaseOutcome(results, after._replace(state=state), (*results, *others))


def _missed_as_told(rules: Rules, position: Position, countries: Countries,
                    ordered: set[Unit | None]) -> dict[Unit, bool]:
    """Each dislodged unit nobody ordered: whether it missed a retreat, as its writer was
    told them (`told_retreats`, through the visibility; owed.missing asks the same). On the
    true board a retreat an unseen unit bars is none, so the report's "(no order)" told a
    Stab player, and every reader of 12b's retreats, whether an army stood there unseen
    (tests/secrecy/test_adv8_retreat_unordered.py). Without hidden movement the writer's
    board is the whole board: the retreats the engine found."""
    out: dict[Unit, bool] = {}
    for d in position.dislodged:
        if d.unit in ordered:
            continue
        writer = controller(position, countries, d.unit.power) or d.unit.power
        told = rules.visibility.board(position, Viewer.player(writer)).dislodged
        out[d.unit] = any(t.retreats for t in told if t.unit == d.unit)
    return out


def _refuse_foreign(rules: Rules, position: Position, orders: Orders,
                    at: Mapping[str, Unit]) -> tuple[dict[str, list[Order]],
                                                     list[OrderResult]]:
    """An order for a dislodged unit the writer does not order (6) is his own refusal,
    never listed under the unit's country."""
    kept: dict[str, list[Order]] = {}
    refused: list[OrderResult] = []
    for power, given in orders.items():
        for order in given:
            unit = at.get(rules.geo.province.get(order.loc) or province_of(order.loc))
            if unit is None or rules.may_order(position, power, unit):
                kept.setdefault(power, []).append(order)
            else:
                refused.append(OrderResult(power, unit, order, "", Outcome.ILLEGAL,
                                           Reason.NOT_YOURS,
                                           state(NOT_YOURS, unit=unit, owner=Power(unit.power),
                                                 power=Power(power))))
    return kept, refused


def with_bounces(rules: Rules, after: Position, results: Sequence[OrderResult]) -> Position:
    """`after` a movement with a retreat to follow, with the countries of each bounce's
    units: those whose move into a province failed, and the one standing there after."""
    if not after.dislodged:
        return after
    into: dict[str, set[str]] = {}
    for r in results:
        if (r.unit is not None and r.unit.kind != DIPLOMAT and isinstance(r.order, Move)
                and r.outcome == Outcome.FAILS and r.reason == Reason.BOUNCED):
            into.setdefault(rules.geo.province.get(r.order.dest) or province_of(r.order.dest),
                            set()).add(r.unit.power)
    for unit in rules.main_units(after):
        if province_of(unit.loc) in into:
            into[province_of(unit.loc)].add(unit.power)
    bounces = {prov: sorted(powers) for prov, powers in sorted(into.items())}
    return after._replace(state={**after.state, BOUNCES: bounces})


def told_retreats(geo: Geography, position: Position, seen: Sequence[Unit],
                  viewer: str | None, side: Mapping[str, str]) -> tuple[Dislodgement, ...]:
    """`position.dislodged` with the retreats `viewer` may be told, from the units he sees
    and the bounces he was told of (`side`: who ordered each country in the movement)."""
    bounces: Mapping[str, Sequence[str]] = position.state.get(BOUNCES, {})  # type: ignore[assignment]
    barred = {province_of(u.loc) for u in seen if u.kind != DIPLOMAT}
    for prov, powers in bounces.items():
        sides = {side.get(p, p) for p in powers}
        if len(sides) > 1 or viewer in sides:  # 12d
            barred.add(prov)
    return tuple(d._replace(retreats=_open(
        geo, d, barred, _knows_attack(position, d, seen, viewer, side)))
        for d in position.dislodged)


def _knows_attack(position: Position, d: Dislodgement, seen: Sequence[Unit],
                  viewer: str | None, side: Mapping[str, str]) -> bool:
    """Whether `viewer` may know where the attack on `d` came from: a meeting of two sides
    is told to all (12d), one side's own units meeting is that player's business alone,
    unless the attacker is a unit the viewer sees (a Major Ally's, 12c). Else its origin,
    where the unit may not retreat (1971), would tell of it by being left out
    (tests/secrecy/test_adv8_same_side_dislodgement.py)."""
    at = province_of(d.unit.loc)
    attacker = next((u for u in position.units
                     if u.kind != DIPLOMAT and province_of(u.loc) == at), None)
    if attacker is None:
        return True
    mover = side.get(attacker.power, attacker.power)
    return mover != side.get(d.unit.power, d.unit.power) or viewer == mover \
        or attacker in seen


def _open(geo: Geography, d: Dislodgement, barred: set[str],
          origin_known: bool = True) -> tuple[str, ...]:
    near = geo.neighbours(geo.kinds[d.unit.kind], d.unit.loc)
    return tuple(sorted(loc for loc in near if province_of(loc) not in barred
                        and (province_of(loc) != d.attacker_from or not origin_known)))
