"""Who orders each country (Envoy rules 6-8; docs/variants/envoy.md, "Control").

The playing powers are `state["players"]`; every other power is a neutral country. What a
phase must remember is kept in `Position.state` (JSON-able):

- `last`: neutral -> the player who last had a diplomat in its country space (6);
- `barred`: neutral -> players whose diplomats no longer affect it (8);
- `allied`: neutral -> the player whose single diplomat made it his Major Ally (8);
- `autumn`: the current Autumn's invasions and supports, read when it ends (8);
- `stranded`: Controlled Neutrals' units found outside their area, and when (7; season.py);
- `control`: neutral -> [status, player or null], a snapshot for players and reports;
- `writers`: neutral -> the player who ordered it when the last phase began (6), kept for
  that phase's reports only (a player lost a country during a turn still reads his orders
  for it) and never shown to a player (sight.py's PUBLIC_STATE).

Without `players` nothing is neutral and every power orders its own units only.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from judge.engine.orders import Move, Order, Retreat
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.refusal import Loc, Power, state
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

from . import reasons as E

DIPLOMAT = "D"
MAJOR_NEUTRAL = "major neutral"
CONTROLLED = "controlled neutral"
MAJOR_ALLY = "major ally"
WRITERS = "writers"
Status = tuple[str, str | None]
Orders = Mapping[str, Sequence[Order]]


class Countries:
    """Each power's country space and home provinces (rule 5.ii; countries.csv)."""

    def __init__(self, path: Path) -> None:
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        self.space = {row["power"]: row["space"] for row in rows}
        self.provinces = {row["power"]: frozenset(row["provinces"].split()) for row in rows}
        self.of_province = {prov: row["space"] for row in rows
                            for prov in row["provinces"].split()}


def players(position: Position) -> tuple[str, ...] | None:
    found = position.state.get("players")
    return tuple(str(p) for p in found) if isinstance(found, list) else None


def table(position: Position, key: str) -> dict[str, Any]:
    """A copy of one of the state's tables (handlers never change the state they got)."""
    found = position.state.get(key)
    return dict(found) if isinstance(found, dict) else {}


def occupant(position: Position, countries: Countries, neutral: str) -> tuple[str | None, int]:
    """The player with diplomats in the neutral's space and how many, unless barred (8)."""
    space = countries.space[neutral]
    owners = [u.power for u in position.units if u.kind == DIPLOMAT and u.loc == space]
    barred = table(position, "barred").get(neutral, [])
    owners = [p for p in owners if p not in barred]
    return (owners[0], len(owners)) if owners else (None, 0)


def status(position: Position, countries: Countries, neutral: str) -> Status:
    """Rule 6: Major Ally (two or more of one player's diplomats, or one after rule 8),
    Controlled Neutral (its only diplomat's player, else who last had one there), Major
    Neutral (never visited, or only by players it no longer heeds: civil disorder)."""
    who, count = occupant(position, countries, neutral)
    if who is not None and (count >= 2 or table(position, "allied").get(neutral) == who):
        return MAJOR_ALLY, who
    if who is not None:
        return CONTROLLED, who
    last = table(position, "last").get(neutral)
    return (CONTROLLED, str(last)) if last else (MAJOR_NEUTRAL, None)


def controller(position: Position, countries: Countries, power: str) -> str | None:
    """The player who orders `power`'s units, if any (None: civil disorder)."""
    playing = players(position)
    if playing is None or power in playing:
        return power
    kind, who = status(position, countries, power)
    return who if kind != MAJOR_NEUTRAL else None


def writers(rules: Rules, position: Position, countries: Countries) -> dict[str, str]:
    """Each neutral with the player who orders it at the start of a phase (6): whoever loses
    it during the phase still wrote its orders in it."""
    found = {n: controller(position, countries, n) for n in neutrals(position, rules)}
    return {n: who for n, who in found.items() if who is not None}


def with_writers(rules: Rules, before: Position, after: Position,
                 countries: Countries) -> Position:
    """`after` with the phase's `writers` record (each phase overwrites the last one's)."""
    if players(before) is None:
        return after
    return after._replace(state={**after.state, WRITERS: writers(rules, before, countries)})


def may_order_for(countries: Countries) -> Any:
    def may_order(position: Position, power: str, unit: Unit) -> bool:
        """A player orders his own units, his Major Allies' and his Controlled Neutrals'
        (6); a neutral country writes no orders."""
        playing = players(position)
        if playing is None:
            return unit.power == power
        return power in playing and controller(position, countries, unit.power) == power
    return may_order


def by_country(r: OrderResult) -> OrderResult:
    """An order a player gave an ally's or neutral's unit is listed under that country
    (rule 6: it stays a separate country); a refused order for another's unit stays his."""
    if r.unit is None or r.unit.power == r.power or r.reason == Reason.NOT_YOURS:
        return r
    return r._replace(power=r.unit.power)


def refuse_neutral_writers(position: Position, orders: Orders, main_at: Mapping[str, Unit]
                           ) -> tuple[dict[str, list[Order]], list[OrderResult]]:
    """Orders written for a neutral country itself (6: nobody plays it) are illegal."""
    playing = players(position)
    kept: dict[str, list[Order]] = {}
    refused: list[OrderResult] = []
    for power, given in orders.items():
        if playing is None or power in playing:
            kept[power] = list(given)
            continue
        refused += [OrderResult(power, main_at.get(province_of(o.loc)), o, "", Outcome.ILLEGAL,
                                Reason.NOT_YOURS, state(E.NEUTRAL_UNITS, power=Power(power)))
                    for o in given]
    return kept, refused


def rule7_area(rules: Rules, position: Position, countries: Countries,
               neutral: str) -> set[str]:
    """Provinces a Controlled Neutral's units may move to (7): its home centres it still
    holds and home provinces its units stand in, and every province next to one."""
    bases = {c for c in rules.homes[neutral] if position.owners.get(c) == neutral}
    bases |= {province_of(u.loc) for u in rules.main_units(position)
              if u.power == neutral and province_of(u.loc) in countries.provinces[neutral]}
    return {p for base in bases for p, n in rules.distances[base].items() if n <= 1}


def limit_controlled(rules: Rules, position: Position, countries: Countries, orders: Orders,
                     main_at: Mapping[str, Unit]) -> tuple[dict[str, list[Order]],
                                                          list[OrderResult]]:
    """Rule 7: a Controlled Neutral's move or retreat beyond its area is illegal (a move's
    unit holds); supports are not limited."""
    kept: dict[str, list[Order]] = {}
    refused: list[OrderResult] = []
    areas: dict[str, set[str]] = {}
    for power, given in orders.items():
        for order in given:
            unit = main_at.get(rules.geo.province.get(order.loc) or province_of(order.loc))
            dest = rules.geo.province.get(order.dest) or province_of(order.dest) \
                if isinstance(order, Move | Retreat) else None
            if unit is None or dest is None or unit.power == power or \
                    status(position, countries, unit.power) != (CONTROLLED, power):
                kept.setdefault(power, []).append(order)
                continue
            if unit.power not in areas:
                areas[unit.power] = rule7_area(rules, position, countries, unit.power)
            if dest in areas[unit.power]:
                kept.setdefault(power, []).append(order)
            else:
                refused.append(OrderResult(
                    power, unit, order, "", Outcome.ILLEGAL, Reason.ILLEGAL,
                    state(E.CONTROLLED_AREA, power=Power(unit.power), place=Loc(dest))))
    return kept, refused


def neutrals(position: Position, rules: Rules) -> list[str]:
    playing = players(position)
    return [] if playing is None else [p for p in rules.powers if p not in playing]


def with_control(rules: Rules, position: Position, countries: Countries,
                 **tables: object) -> Position:
    """The position with `tables` written into its state, `last` and `allied` brought up
    to date from the diplomats now on the board, and the `control` snapshot."""
    board = position._replace(state={**position.state, **tables})
    last, allied = table(board, "last"), table(board, "allied")
    for neutral in neutrals(board, rules):
        who, _ = occupant(board, countries, neutral)
        if who is not None:
            last[neutral] = who
        if allied.get(neutral) not in (None, who):
            del allied[neutral]  # rule 8's ally lasts while his diplomat stays (docs)
    board = board._replace(state={**board.state, "last": last, "allied": allied})
    snapshot = {n: list(status(board, countries, n)) for n in neutrals(board, rules)}
    return board._replace(state={**board.state, "control": snapshot})
