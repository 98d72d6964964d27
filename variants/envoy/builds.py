"""Envoy's adjustments (rules 3, 7, 9; docs/variants/envoy.md, "Builds").

A player's own capital supports two units (3) and, but for Moscow, takes two builds in one
turn, at most one of them an army or fleet (3). A build may be a diplomat (`Build D Par`,
`Build D Fra`), placed in the home country space; it costs no supply and is never removed
(9). A player writes the adjustments of his Major Allies and Controlled Neutrals (6); a
Controlled Neutral builds the type that started in the centre (7). Major Neutrals are in
civil disorder: no builds, removals by the standard rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.adjustments import AdjustmentPhase, Ledger, Refused
from judge.engine.orders import Build, Disband, Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.reasons import NOT_YOURS
from judge.engine.refusal import Loc, Power, Stated, state
from judge.engine.rules import PhaseOutcome, Rules, centre_supply
from judge.engine.types import Unit, province_of

from . import reasons as E
from .control import CONTROLLED, DIPLOMAT, Countries, controller, players, status, with_writers

# Rule 3 names them; Moscow is the one capital that takes a single build.
CAPITALS = {"AUSTRIA": "vie", "ENGLAND": "lon", "FRANCE": "par", "GERMANY": "ber",
            "ITALY": "rom", "RUSSIA": "mos", "TURKEY": "con"}
SINGLE_BUILD = frozenset({"mos"})


def playing(rules: Rules, position: Position) -> tuple[str, ...]:
    """The players; without `state["players"]` every power plays (docs)."""
    return players(position) or rules.powers


def supply(rules: Rules, position: Position) -> dict[str, int]:
    """Rule 3: a player's own capital, while he holds it, supports two units; a neutral's,
    an ally's or a captured capital supports one."""
    counts = centre_supply(rules, position)
    for power in playing(rules, position):
        if position.owners.get(CAPITALS.get(power, "")) == power:
            counts[power] = counts.get(power, 0) + 1
    return counts


class EnvoyAdjustments(AdjustmentPhase):
    """The standard adjustment phase, with orders routed to the country they are for."""

    def __init__(self, countries: Countries, start: Sequence[Unit]) -> None:
        self.countries = countries
        self.start = {province_of(u.loc): u for u in start}

    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        routed, refused = self._route(rules, position, orders)
        out = super().adjudicate(rules, position, routed)
        # Overwrites the Autumn's record: who lost a country then does not read its builds.
        after = with_writers(rules, position, out.position, self.countries)
        return PhaseOutcome((*out.results, *refused), after, (*out.events, *refused))

    def ledger(self, rules: Rules, position: Position, power: str, count: int,
               units: list[Unit], results: list[OrderResult]) -> Ledger:
        return EnvoyLedger(rules, position, power, count, units, results, self)

    def _route(self, rules: Rules, position: Position, orders: Mapping[str, Sequence[Order]]
               ) -> tuple[dict[str, list[Order]], list[OrderResult]]:
        """Each order keyed by the country it adjusts, or refused (the writer's result)."""
        main_at = {province_of(u.loc): u for u in rules.main_units(position)}
        routed: dict[str, list[Order]] = {}
        refused: list[OrderResult] = []
        for writer, given in orders.items():
            for order in given:
                country, unit, why = self._country(rules, position, writer, order, main_at)
                if why:
                    refused.append(OrderResult(writer, unit, order, "", Outcome.ILLEGAL,
                                               Reason.NOT_YOURS, why))
                else:
                    routed.setdefault(country, []).append(order)
        return routed, refused

    def _country(self, rules: Rules, position: Position, writer: str, order: Order,
                 main_at: Mapping[str, Unit]) -> tuple[str, Unit | None, Stated | None]:
        """Whose adjustment the order is: the writer's own, or a country he orders (6)."""
        prov = rules.geo.province.get(order.loc) or province_of(order.loc)
        if writer not in playing(rules, position):
            return writer, main_at.get(prov), state(E.NEUTRAL_ADJUSTS, power=Power(writer))
        if isinstance(order, Disband) and prov in main_at:
            unit = main_at[prov]
            if unit.power == writer or controller(position, self.countries, unit.power) == writer:
                return unit.power, None, None
            return writer, unit, state(NOT_YOURS, unit=unit, owner=Power(unit.power),
                                       power=Power(writer))
        if not isinstance(order, Build) or order.kind == DIPLOMAT:
            return writer, None, None  # a diplomat is always the writer's own (9)
        owner = next((p for p, homes in rules.homes.items() if prov in homes), writer)
        if owner == writer or controller(position, self.countries, owner) == writer:
            return owner, None, None
        return writer, None, state(E.NOT_ITS_BUILDS, place=Loc(prov), owner=Power(owner),
                                   power=Power(writer))


class EnvoyLedger(Ledger):
    """One country's adjustments: diplomat builds, capitals' second builds, and a Controlled
    Neutral's fixed types."""

    def __init__(self, rules: Rules, position: Position, power: str, count: int,
                 units: list[Unit], results: list[OrderResult], phase: EnvoyAdjustments
                 ) -> None:
        super().__init__(rules, position, power, count, units, results)
        self.countries, self.start = phase.countries, phase.start
        self.player = power in playing(rules, position)
        self.fixed = not self.player and status(position, phase.countries, power)[0] == CONTROLLED
        self.used: list[str] = []
        capital = CAPITALS.get(power, "")
        if self.player and capital in self.sites and capital not in SINGLE_BUILD:
            self.sites.append(capital)  # the second build, a diplomat or one unit (3)

    def _build(self, order: Build) -> Unit:
        if order.kind == DIPLOMAT:
            return self._diplomat(order)
        if self.fixed:
            order = self._starting_type(order)
        unit = super()._build(order)
        self.used.append(province_of(unit.loc))
        return unit

    def _starting_type(self, order: Build) -> Build:
        """Rule 7: a Controlled Neutral's build is the type that started in that centre."""
        prov = self.rules.geo.province.get(order.loc) or province_of(order.loc)
        first = self.start.get(prov)
        if first is None or first.power != self.power:
            return order
        if order.kind not in (None, first.kind):
            name = self.rules.kinds[first.kind].name
            raise Refused(state(E.STARTING_TYPE, power=Power(self.power), place=Loc(prov),
                                kind=name), Reason.ILLEGAL, Outcome.FAILS)
        return Build(first.loc if order.loc == prov else order.loc, first.kind)

    def _diplomat(self, order: Build) -> Unit:
        """Rule 9: a free build and a vacant home centre; the diplomat stands in the home
        country space. `Build D Fra` (or a home province that is no centre) takes the
        capital if it can, else the first free centre by name."""
        space = self._diplomat_space(order)
        site = order.loc if order.loc in self.rules.homes[self.power] else self._free_site()
        if site not in self.sites:
            raise Refused(self._why_not_site(site), Reason.ILLEGAL, Outcome.FAILS)
        self.sites.remove(site)
        self.used.append(site)
        unit = Unit(self.power, DIPLOMAT, space)
        self.units.append(unit)
        return unit

    def _diplomat_space(self, order: Build) -> str:
        """The player's home country space, if the order is for it and it is free."""
        if not self.player:
            raise Refused(state(E.NEUTRAL_NO_DIPLOMATS, power=Power(self.power)),
                          Reason.ILLEGAL, Outcome.FAILS)
        space = self.countries.space[self.power]
        if self.countries.of_province.get(order.loc, order.loc) != space:
            raise Refused(state(E.DIPLOMAT_AT_HOME, power=Power(self.power), place=Loc(space)),
                          Reason.ILLEGAL, Outcome.FAILS)
        rival = next((u.power for u in self.units if u.kind == DIPLOMAT and u.loc == space
                      and u.power != self.power), None)
        if rival:
            # Two players' diplomats never share a space (docs: reading chosen): the new one
            # meets the rival's and bounces, a contact (11, as placements meet under 4) that
            # contact.clashes tells every player. Refused on arrival only when its writer
            # can see them (judge/game/writer_view.py), so the refusal tells nothing more.
            raise Refused(state(E.RIVAL_DIPLOMATS, rival=Power(rival), place=Loc(space)),
                          Reason.BOUNCED, Outcome.FAILS, Unit(self.power, DIPLOMAT, space))
        return space

    def _free_site(self) -> str:
        capital = CAPITALS.get(self.power, "")
        if capital in self.sites:
            return capital
        if not self.sites:
            raise Refused(state(E.NO_VACANT_HOME, power=Power(self.power)),
                          Reason.ILLEGAL, Outcome.FAILS)
        return sorted(self.sites)[0]

    def _why_not_site(self, prov: str) -> str:
        if prov in self.sites:  # a capital whose one army or fleet is built (3)
            return state(E.SECOND_BUILD, place=Loc(prov))
        if prov in self.used:
            return state(E.NO_BUILD_LEFT, place=Loc(prov))
        return super()._why_not_site(prov)

    def _remove(self, order: Disband) -> Unit:
        if order.kind == DIPLOMAT or order.loc in self.countries.space.values():
            raise Refused(state(E.NEVER_REMOVED), Reason.ILLEGAL, Outcome.ILLEGAL)
        return super()._remove(order)
