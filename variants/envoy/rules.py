"""Envoy's hooks: diplomats in movement phases (rule 5; docs/variants/envoy.md).

Armies and fleets are adjudicated by the standard handler, untouched. Diplomats are then
resolved on a map of their own (the `diplomat` graph, home countries as single spaces) by
stacks.py, the DATC resolver extended for 5.v: the diplomats of a space
ordered alike move as one sub-stack with the strength of its size, a line may order a
number of them (`2 D Fra-Bel`), and one player's moves into a space combine. A dislodged
diplomat is eliminated (5.iv). The two layers never meet (5).
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from judge.engine.counted import count_of, counted_orders
from judge.engine.geo import Border, Geography
from judge.engine.order_types import Registry
from judge.engine.orders import Convoy, Move, Order, Support
from judge.engine.outcome import OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.refusal import Stated, state
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules, WrappedPhase, own_units_only
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, Unit, province_of
from judge.variant import Variant

from . import reasons as E
from .allocation import allocate
from .builds import EnvoyAdjustments, supply
from .control import (
    Countries,
    by_country,
    limit_controlled,
    may_order_for,
    players,
    refuse_neutral_writers,
    with_control,
    with_writers,
)
from .known import fold, known_board
from .placement import Placement
from .refused import refuse, replace_holds
from .report import SECTIONS
from .retreats import EnvoyRetreats, with_bounces
from .season import AUTUMN, autumn_record, season_end_for
from .stacks import resolve_stacks
from .start_notice import start_words
from .summary import summary_lines as summary_lines  # SUMMARY's hook (variant_hooks)
from .victory import standing, victory_for
from .visibility import envoy_visibility

DIPLOMAT = "D"
PLACEMENT = "P"  # Winter 1913 (rule 4): a phase kind with no calendar entry
# Rule 5.iii: these seas do not exist for diplomats.
VANISHED = {"nth": "the North Sea", "adr": "the Adriatic Sea", "aeg": "the Aegean Sea"}

Orders = Mapping[str, Sequence[Order]]


def customise(variant: Variant) -> Variant:
    countries = read_countries(variant.folder / "countries.csv")
    control = Countries(variant.folder / "countries.csv")
    inner = variant.rules.handlers[MOVEMENT]
    geo = diplomat_geography(variant.rules.geo)
    movement = EnvoyMovement(inner, geo, countries, control)
    handlers = {**variant.rules.handlers, MOVEMENT: movement, PLACEMENT: Placement(geo, control),
                RETREAT: EnvoyRetreats(variant.rules.handlers[RETREAT], control),
                ADJUSTMENT: EnvoyAdjustments(control, variant.start.units)}
    rules = replace(variant.rules, handlers=handlers, may_order=may_order_for(control),
                    season_end=season_end_for(control), supply=supply,
                    victory=victory_for(control), registry=_registry(variant.rules),
                    knowledge=fold, known_board=known_board,
                    standing=lambda r, p: standing(r, p, control),
                    visibility=envoy_visibility(variant.options, variant.rules.geo,
                                                variant.rules.calendar, variant.rules.powers,
                                                control.of_province))
    return replace(variant, rules=rules, sections=SECTIONS, allocate=allocate,
                   start_words=start_words)  # rule 4: what the placement turn takes


def _registry(rules: Rules) -> Registry:
    """The standard types and the counted orders: a line may order some of a stack (5.v)."""
    return rules.registry.with_orders(*counted_orders(rules.registry)) \
        .with_reasons(*E.ENVOY_REASONS)


def unit_place(kind: str, loc: str) -> str:
    """Where a `judge adjudicate` request's unit given at `loc` stands (variant_hooks): a
    diplomat given on a home province stands in its country, the one space each major
    country is "for the purposes of diplomat movement and occupation" (5.ii), as `D Vie`
    in an order is `D Aus`."""
    if kind.upper() != DIPLOMAT:
        return loc
    return _COUNTRY_OF.get(province_of(loc.lower()), loc)


def read_countries(path: Path) -> dict[str, str]:
    """Each home province -> its country's diplomat space (rule 5.ii; make_map.py)."""
    with open(path, newline="", encoding="utf-8") as f:
        return {prov: row["space"] for row in csv.DictReader(f)
                for prov in row["provinces"].split()}


_COUNTRY_OF = read_countries(Path(__file__).parent / "countries.csv")


def diplomat_geography(geo: Geography) -> Geography:
    """The diplomats' own view of the map: their graph only, with the diplomat as the main
    layer, so that legality and the resolver work on it unchanged."""
    kind = replace(geo.kinds[DIPLOMAT], layer="main")
    edges = geo.graphs[kind.graph]
    pairs = {tuple(sorted((a, b))) for a, near in edges.items() for b in near}
    borders = [Border(a, b, frozenset({kind.graph})) for a, b in sorted(pairs)]
    return Geography(geo.provinces.values(), borders, {DIPLOMAT: kind})


class EnvoyMovement(WrappedPhase):
    """The standard movement handler for armies and fleets, then the diplomats'."""

    def __init__(self, inner: PhaseHandler, geo: Geography, countries: Mapping[str, str],
                 control: Countries):
        super().__init__(inner)
        self.geo = geo
        self.countries = countries
        self.control = control
        self._last: tuple[Position, dict[str, Unit], dict[str, list[Unit]]] | None = None

    def adjudicate(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        main_at = {province_of(u.loc): u for u in rules.main_units(position)}
        stacks = diplomat_stacks(position)
        main, diplomatic, originals = self._split(rules, position, main_at, stacks, orders)
        main, refused = refuse(main, main_at, _for_regulars)
        main, neutral = refuse_neutral_writers(position, main, main_at)
        refused += neutral
        main, limited = limit_controlled(rules, position, self.control, main, main_at)
        refused += limited
        out = self.inner.adjudicate(rules, position, main)
        reps = {prov: units[0] for prov, units in stacks.items()}
        diplomatic, d_refused = refuse(diplomatic, reps, _for_diplomats)
        # A refusal names the order object its writer gave: the game layer finds an
        # order's refusal by that object (judge/game/ordering.py `refusal`), and 'D Hol S
        # A Mun-Bur', read as 'D Hol S A Ger-Fra' (5.ii), was taken on arrival though 5.iv
        # refuses it.
        d_refused = [r._replace(order=originals.get(id(r.order), r.order)) for r in d_refused]
        d_results, diplomats = self._diplomats(rules, position, stacks, diplomatic)
        results = tuple(by_country(r) for r in (
            *replace_holds(out.results, refused, main),
            *replace_holds(d_results, d_refused, diplomatic)))
        # So with those the diplomats' resolution finds illegal ('D Fra-Bur' with no
        # diplomat in France, read 'D Fra-Fra'): they were taken on arrival.
        results = tuple(r._replace(order=originals[id(r.order)])
                        if r.outcome == Outcome.ILLEGAL and id(r.order) in originals else r
                        for r in results)
        others = [e for e in out.events if not isinstance(e, OrderResult)]
        units = (*(u for u in out.position.units if u.kind != DIPLOMAT), *diplomats)
        after = out.position.with_board(units, out.position.dislodged)
        if players(position) is not None:
            autumn = autumn_record(rules, position, self.control, results) \
                if position.phase.season == AUTUMN else {}
            after = with_control(rules, after, self.control, autumn=autumn)
        after = with_writers(rules, position, after, self.control)  # for this turn's reports
        after = with_bounces(rules, after, results)  # for the retreats each player is told
        return PhaseOutcome(results, after, (*results, *others))

    def for_unit(self, rules: Rules, position: Position, power: str, order: Order) -> Order:
        """The order as `_split` reads it: a diplomat's as `D` with its country (5.ii:
        `mun-bel` is `D Ger-Bel`), so that a set keeps one order for him (DATC 4.D.1), read
        on the board `power` knows (`position`): never from units he cannot see (12d)."""
        main_at, stacks = self._boards(rules, position)
        if self._main(rules, position, main_at, stacks, power, order):
            return order
        return replace(self._as_diplomat(order), kind=DIPLOMAT)

    def _boards(self, rules: Rules, position: Position
                ) -> tuple[dict[str, Unit], dict[str, list[Unit]]]:
        """The armies and fleets and the diplomat stacks by province: one message asks
        `for_unit` of every line, on one board (one entry, replaced whole: the worker and
        the deadline sweeper may both ask)."""
        last = self._last
        if last is None or last[0] is not position:
            main_at = {province_of(u.loc): u for u in rules.main_units(position)}
            last = self._last = (position, main_at, diplomat_stacks(position))
        return last[1], last[2]

    def as_meant(self, rules: Rules, position: Position, power: str,
                 orders: Sequence[Order]) -> list[Order]:
        # `mun H` and `D Ger H` from one message are one order for the diplomat, no clash.
        return [self.for_unit(rules, position, power, order)
                for order in self.inner.as_meant(rules, position, power, orders)]

    def _split(self, rules: Rules, position: Position, main_at: Mapping[str, Unit],
               stacks: Mapping[str, list[Unit]], orders: Orders
               ) -> tuple[dict[str, list[Order]], dict[str, list[Order]], dict[int, Order]]:
        """Diplomat orders (`D` written, or no kind and a number or no army or fleet there
        for the writer: `_main`), with home provinces read as their country (5.ii), apart
        from the others; and the order as given for each that reading changed, by the
        changed one's id."""
        main: dict[str, list[Order]] = {}
        diplomatic: dict[str, list[Order]] = {}
        originals: dict[int, Order] = {}
        for power, given in orders.items():
            for order in given:
                if not self._main(rules, position, main_at, stacks, power, order):
                    read = self._as_diplomat(order)
                    if read is not order:
                        originals[id(read)] = order
                    diplomatic.setdefault(power, []).append(read)
                else:
                    main.setdefault(power, []).append(order)
        return main, diplomatic, originals

    def _main(self, rules: Rules, position: Position, main_at: Mapping[str, Unit],
              stacks: Mapping[str, list[Unit]], power: str, order: Order) -> bool:
        """Whether `power`'s order is for an army or fleet. A number orders part of a
        stack: only diplomats stack (5.v). With no kind written, the line is for the
        writer's own unit: where his diplomat stands and no army or fleet he orders does,
        the diplomat's, whatever else stands there: an army he may not see (12d) must not
        turn his diplomat's order into one for it (adversary advsec6)."""
        if order.kind is not None or count_of(order) is not None:
            return order.kind not in (None, DIPLOMAT)
        prov = rules.geo.province.get(order.loc) or province_of(order.loc)
        unit = main_at.get(prov)
        if unit is None or rules.may_order(position, power, unit):
            return unit is not None
        country = self.countries.get(prov, prov)
        return all(u.power != power for u in stacks.get(country, ()))

    def _as_diplomat(self, order: Order) -> Order:
        """The order with each home province read as its country ('D Vie' is 'D Aus', and
        'D StP/sc' is 'D Rus': a diplomat has no coast, 5.i)."""
        countries = self.countries

        def space(loc: str, default: str) -> str:
            return countries.get(province_of(loc), default)
        new: Order = replace(order, loc=space(order.loc, order.loc))
        if isinstance(new, Move):
            new = replace(new, dest=space(new.dest, new.dest))
        elif isinstance(new, Convoy):
            new = replace(new, target=space(new.target, new.target),
                          dest=space(new.dest, new.dest))
        elif isinstance(new, Support):
            dest = None if new.dest is None else space(new.dest, new.dest)
            new = replace(new, target=space(new.target, new.target), dest=dest)
        return order if new == order else new  # the same object keeps its written text

    def _diplomats(self, rules: Rules, position: Position, stacks: Mapping[str, list[Unit]],
                   orders: Orders) -> tuple[list[OrderResult], list[Unit]]:
        """Each stack as strong as its size, split by numbered lines ('2 D Fra-Bel') into
        sub-stacks of their own; a player's moves into one space as one combined attack
        that may join his diplomats there (5.v). The survivors, each diplomat in its place."""
        size = {units[0]: len(units) for units in stacks.values()}
        drules = replace(rules, geo=self.geo, may_order=own_units_only)
        board = Position(position.phase, tuple(size), position.owners)
        return resolve_stacks(drules, board, size, orders)


def diplomat_stacks(position: Position) -> dict[str, list[Unit]]:
    """The diplomats of each space: one player's (5.v; rule 4 clears the others)."""
    stacks: dict[str, list[Unit]] = {}
    for u in position.units:
        if u.kind == DIPLOMAT:
            stacks.setdefault(province_of(u.loc), []).append(u)
    for prov, units in stacks.items():
        powers = sorted({u.power for u in units})
        if len(powers) > 1:
            raise ValueError(f"diplomats of {' and '.join(powers)} share {prov}")
    return stacks


def _for_diplomats(order: Order) -> Stated | None:
    """Why a diplomat's order is illegal before any board is looked at, if it is."""
    if isinstance(order, Support | Convoy) and order.target_kind not in (None, DIPLOMAT):
        return state(E.ONLY_DIPLOMATS)
    for place in (order.loc, getattr(order, "dest", None), getattr(order, "target", None)):
        if place in VANISHED:
            # The sea by its name, not as a place: for diplomats it is no place at all.
            return state(E.NO_SEA_FOR_DIPLOMATS, sea=VANISHED[place])
    return None


def _for_regulars(order: Order) -> Stated | None:
    if isinstance(order, Support | Convoy) and order.target_kind == DIPLOMAT:
        return state(E.NOT_FOR_DIPLOMATS)
    return None
