"""The Winter turn of Engineered (rn45 C2 2a, C3, C4 4d), on the standard adjustments:

- C2 2a: an engineer on an empty supply centre makes it a build site for its country
  (B4: "any SC it is on"), within the builds its centres allow; on a supply centre with one
  of its country's units it converts it (`CONVERT A Bre TO N`): a navy to an army or the
  reverse on a coastal centre, an army or navy to a fighter on any land or coastal one.
- C4 4d: a prison on a supply centre converts its captor to a navy, army or fighter.
- C3: engineers are created (`Build E Par`) on an owned home centre, occupied or not, up to
  the ratio of the game (engineer_ratio: C3a one per 3 centres; C3d one always and one per
  `engineer_centres`), the country's engineers held as prisons counting (3b: it "can not
  recreate it until after the resultant (P) unit is disbanded"). Engineers beyond the ratio
  are removed (`Remove E Par`), or by the judge, last place first; a prison does not count
  there (3a: the centres support the engineers "except in the case were a E unit is
  captured"), so a country never loses its own last engineer to its captor (3d: "always
  entitled to have one").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.adjustments import AdjustmentPhase, Ledger, Refused
from judge.engine.orders import Build, Disband, Order, Waive
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome, Rules
from judge.engine.types import ADJUSTMENT, Unit, province_of
from judge.variant import power_name

from .fighter_builds import FIGHTER, why_no_fighter
from .options import options_at
from .orders import ENGINEER, KIND_NAMES, PRISON, Convert
from .season import owner_of
from .winter_choices import entitled, winter_choices

Options = Mapping[str, object]


class EngineeredAdjustments(AdjustmentPhase):
    def __init__(self, options: Options) -> None:
        self.options = options

    def needed(self, rules: Rules, position: Position) -> bool:
        # Played when a build or removal is due, or a country's engineers or prisons have
        # a choice (winter_choices.py); skipped when nobody has anything to order.
        return super().needed(rules, position) or any(
            self.choices(rules, position, p) for p in rules.powers)

    def choices(self, rules: Rules, position: Position, power: str,
                orders: Sequence[Order] = ()) -> tuple[str, ...]:
        # Once he has sent orders he has answered: his reply lists no more.
        return () if orders else winter_choices(rules, position, power, self.options)

    def settles(self, rules: Rules, order: Order) -> bool:
        # C3 3c: an engineer is created "at the same time as a military unit", not as one
        # of the builds; removing one or a prison is no removal owed either.
        return super().settles(rules, order) and order.kind not in (ENGINEER, PRISON)

    def ledger(self, rules: Rules, position: Position, power: str, count: int,
               units: list[Unit], results: list[OrderResult]) -> Ledger:
        return EngineeredLedger(rules, position, power, count, units, results,
                                options_at(self.options, position))

    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        # Every country gets a ledger: its engineers may act with no build or removal due.
        everyone = {p: orders.get(p, ()) for p in rules.powers}
        return super().adjudicate(rules, position, everyone)


class EngineeredLedger(Ledger):
    def __init__(self, rules: Rules, position: Position, power: str, count: int,
                 units: list[Unit], results: list[OrderResult], options: Options) -> None:
        super().__init__(rules, position, power, count, units, results)
        self.acted: set[str] = set()  # areas whose engineer or prison has acted
        own = [u.loc for u in position.units if u.kind == ENGINEER and u.power == power]
        if count > 0:
            self.sites += [p for p in own if p in rules.geo.supply_centres
                           and p not in self.sites and not self._standing(p)]
        self.centres = len(rules.geo.owned_centres(position.owners, power))
        self.entitled = entitled(options, self.centres)
        self.options = options
        # C3 3b: the country's engineers its enemies hold as prisons, where each stands.
        self.held = sorted(province_of(u.loc) for u in units
                           if u.kind == PRISON and owner_of(u) == power)
        self.owed = count

    def _apply(self, order: Order) -> Unit | None:
        if isinstance(order, Waive) and self.owed == 0:
            self._waive()
            return None
        if isinstance(order, Convert):
            return self._convert(order)
        if order.kind == ENGINEER and isinstance(order, Build):
            return self._create(order)
        if order.kind in (ENGINEER, PRISON) and isinstance(order, Disband):
            return self._dismiss(order)
        return super()._apply(order)

    def _waive(self) -> None:
        """WAIVE with no build due: "no orders for my engineers", what the turn waits for
        from a country that has a choice (winter_choices.py); from one that has none it is
        refused, and the reply says the turn does not wait for him."""
        # The phase's own handler: a decoy's Winter adds its choices (decoys_phase.py).
        handler = self.rules.handlers[ADJUSTMENT]
        if handler.choices(self.rules, self.position, self.power):
            return None
        name = power_name(self.power)
        raise Refused(f"{name} has nothing to order this Winter: no build or removal is due "
                      f"and no engineer or prison of {name} can act (rn45 C2, C3, C4 4d); "
                      "the turn does not wait for you", Reason.ILLEGAL, Outcome.FAILS)

    def _coastal(self, loc: str) -> bool:
        """Whether a navy may stand in `loc`'s province (the refusal of a fighter says so)."""
        navy = self.rules.kinds.get("N")
        return navy is not None and bool(
            self.rules.geo.stand_locations(navy, province_of(loc)))

    def _build(self, order: Build) -> Unit:
        self._convert_instead(province_of(order.loc))
        if order.kind == FIGHTER and (
                why := why_no_fighter(self.options, self.units, self.power,
                                      province_of(order.loc), self._coastal(order.loc))):
            raise Refused(why, Reason.ILLEGAL, Outcome.FAILS)
        unit = super()._build(order)
        self.acted.add(province_of(unit.loc))  # an engineer that builds does nothing else
        return unit

    def _convert_instead(self, prov: str) -> None:
        """A build where his own unit and engineer stand: he wants the unit's kind changed,
        which is a conversion (rn45 C2 2a), not a build on an occupied centre."""
        here = [u for u in self.units if province_of(u.loc) == prov and u.power == self.power]
        unit = next((u for u in here if u.kind not in (ENGINEER, PRISON)), None)
        # 2a converts no fighter back: a fighter there gets the plain "not vacant".
        if unit is None or unit.kind == "F" or not any(u.kind == ENGINEER for u in here):
            return
        to, *more = [k for k in ("N", "A", "F") if k != unit.kind]
        raise Refused(f"{prov} is not vacant: your {unit.kind} {prov} stands there. To change "
                      f"its kind, your engineer there converts it: CONVERT {unit.kind} {prov} "
                      f"TO {to} (or TO {more[0]}) (rn45 C2 2a)", Reason.ILLEGAL, Outcome.FAILS)

    def _create(self, order: Build) -> Unit:
        prov = province_of(order.loc)
        if prov not in self.rules.homes.get(self.power, ()) or \
                self.position.owners.get(prov) != self.power:
            raise Refused(f"an engineer is created on a home centre you own, not {prov} "
                          "(rn45 C3 3c)", Reason.ILLEGAL, Outcome.FAILS)
        if any(u.loc == prov and u.kind in (ENGINEER, PRISON) for u in self.units):
            raise Refused(f"an engineer or prison stands in {prov} already (rn45 C6 6a)",
                          Reason.ILLEGAL, Outcome.FAILS)
        why = self._why_no_engineer()
        if why:
            # Not TOO_MANY: that reason is answered as a count of military builds.
            raise Refused(why, Reason.ILLEGAL, Outcome.FAILS)
        unit = Unit(self.power, ENGINEER, prov)
        self.units.append(unit)
        return unit

    def _own_engineers(self) -> list[Unit]:
        return sorted((u for u in self.units if u.kind == ENGINEER and u.power == self.power),
                      key=lambda u: u.loc)

    def _why_no_engineer(self) -> str:
        own = len(self._own_engineers())
        name = power_name(self.power)
        if own + len(self.held) < self.entitled:
            return ""
        if own < self.entitled:
            where = ", ".join(p.title() for p in self.held)
            return (f"{name} may not recreate its engineer held as a prison in {where} until "
                    "that prison is disbanded (rn45 C3 3b)")
        # Both counts, so that he sees what a further centre would change.
        return (f"{name} may have no more engineers for its centres: {self.entitled} "
                f"for {self.centres}, and it has {own} (rn45 C3)")

    def _dismiss(self, order: Disband) -> Unit:
        prov = province_of(order.loc)
        unit = next((u for u in self.units if u.loc == prov and u.kind == order.kind
                     and u.power == self.power), None)
        if unit is None:
            name = "engineer" if order.kind == ENGINEER else "prison"
            raise Refused(f"{self.power} has no {name} in {prov}", Reason.NO_UNIT,
                          Outcome.FAILS)
        self.units.remove(unit)
        return unit

    def _convert(self, order: Convert) -> Unit:
        prov = province_of(order.loc)
        unit = next((u for u in self.units if province_of(u.loc) == prov
                     and u.power == self.power and u.kind in KIND_NAMES), None)
        if unit is None:
            raise Refused(f"{self.power} has no army, navy or fighter in {prov}",
                          Reason.NO_UNIT, Outcome.FAILS)
        why = self._why_not_convert(unit, order)
        if why:
            raise Refused(why, Reason.ILLEGAL, Outcome.FAILS, unit)
        # What the unit carries stays with it: a decoy converted is a decoy of the new kind
        # (C2 2b "an identical decoy unit"), still taking no supply (B1, B3); made real, it
        # would leave its owner a unit too many, and the next Winter's count would tell
        # everyone which piece it was (C8; tests/secrecy/test_adversary_decoy_conversion.py).
        new = unit._replace(kind=order.to, loc=self._place_of(order))
        self.units[self.units.index(unit)] = new
        self.acted.add(prov)
        return unit  # the result names the unit as it stood

    def _why_not_convert(self, unit: Unit, order: Convert) -> str:
        prov = province_of(unit.loc)
        geo = self.rules.geo
        helper = next((u for u in self.units if u.loc == prov and u.power == self.power
                       and u.kind in (ENGINEER, PRISON)), None)
        if prov not in geo.supply_centres or helper is None:
            return (f"a unit is converted on a supply centre with your engineer or prison, "
                    f"and {prov} has none (rn45 C2 2a, C4 4d)")
        if prov in self.acted:
            return f"the engineer or prison in {prov} has acted this winter"
        if unit.kind == order.to:
            return f"the unit in {prov} is a {KIND_NAMES[unit.kind]} already"
        places = geo.stand_locations(self.rules.kinds[order.to], prov)
        if order.dest not in (*places, prov) or not places:
            return f"a {KIND_NAMES[order.to]} cannot stand in {order.dest}"
        if order.dest == prov and prov not in places:
            return f"say which coast of {prov}: {' or '.join(places)}"
        if helper.kind == ENGINEER and unit.kind == "F":
            return "an engineer converts an army or navy, not a fighter (rn45 C2 2a)"
        return ""

    def _place_of(self, order: Convert) -> str:
        places = self.rules.geo.stand_locations(self.rules.kinds[order.to],
                                                province_of(order.loc))
        return order.dest if order.dest in places else places[0]

    def finish(self) -> None:
        super().finish()
        while len(own := self._own_engineers()) > self.entitled:
            # C3: beyond the ratio, the judge removes one; prisons not counted (3a, 3d).
            self.units.remove(own[-1])
            self.results.append(OrderResult(self.power, own[-1], Disband(own[-1].loc, ENGINEER),
                                            "", Outcome.SUCCEEDS, None, "too many engineers "
                                            "for the centres (rn45 C3)", unordered=True))
