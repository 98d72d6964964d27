"""Seeded random standard games, played through our engine and recorded phase by phase.

Orders are chosen from the map alone, never by asking the engine which orders are legal;
bench/README.md describes the mix.
"""

from __future__ import annotations

import random
import traceback
from collections import Counter
from dataclasses import dataclass

from judge.engine.adjustments import adjustment_counts, build_sites
from judge.engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Unit, province_of

MIX = (("move", 35), ("support_move", 25), ("support_hold", 10), ("hold", 20))
P_CONVOY = 0.4  # an army that could be convoyed is convoyed this often
P_BROKEN_CHAIN = 0.1  # a convoy chain misses one fleet's order
P_ILLEGAL = 0.01  # a unit gets a deliberately illegal order
CENTRE_PULL = 5  # a move picks a centre its power does not own this many times as often
P_RETREAT, P_WAIVE, P_CIVIL_DISORDER = 0.75, 0.1, 0.15

Orders = dict[str, list[Order]]


@dataclass(frozen=True)
class PhaseRecord:
    game: int
    position: Position
    orders: Orders
    result: TurnResult
    illegal: tuple[Order, ...] = ()  # deliberately illegal orders
    civil_disorder: tuple[str, ...] = ()  # powers that left a removal unordered

    @property
    def label(self) -> str:
        return f"g{self.game} {self.position.phase}"


@dataclass
class Problem:  # our engine crashed or produced an impossible board
    label: str
    position: Position
    orders: Orders
    message: str



class _Board:
    def __init__(self, rules: Rules, position: Position) -> None:
        self.rules, self.geo = rules, rules.geo
        self.units = {province_of(u.loc): u for u in position.units}
        self.adj = rules.convoy_adjacency
        self.owners = position.owners
        self.fleets = frozenset(p for p, u in self.units.items()
                                if self.geo.provinces[p].terrain in rules.kinds[u.kind].convoys_in)
        armies = [k for k in rules.kinds.values() if k.convoyable]
        self.landing = frozenset(p for p in self.geo.provinces
                                 if any(self.geo.stand_locations(k, p) for k in armies))

    def touches(self, unit: Unit, prov: str) -> bool:
        return self.geo.touches(self.rules.kinds[unit.kind], unit.loc, prov)

    def wanted(self, unit: Unit, loc: str) -> bool:
        """A supply centre the unit's power does not own: players go for those."""
        prov = province_of(loc)
        return prov in self.geo.supply_centres and self.owners.get(prov) != unit.power


def convoy_routes(board: _Board, origin: str, fleets: frozenset[str]) -> dict[str, list[str]]:
    """Destination -> a shortest chain of `fleets` from `origin` (shortest, so chordless)."""
    parent: dict[str, str] = {}
    routes: dict[str, list[str]] = {}
    frontier, seen = [origin], {origin}
    while frontier:
        nxt: list[str] = []
        for p in frontier:
            for q in sorted(board.adj.get(p, ())):
                if q in fleets and q not in seen:
                    seen.add(q)
                    parent[q] = p
                    nxt.append(q)
                elif p != origin and q in board.landing and q != origin and q not in routes:
                    routes[q] = _chain(parent, p, origin)
        frontier = nxt
    return routes


def _chain(parent: dict[str, str], last: str, origin: str) -> list[str]:
    chain = [last]
    while parent[chain[-1]] != origin:
        chain.append(parent[chain[-1]])
    return chain[::-1]


def movement_orders(rules: Rules, position: Position, rng: random.Random
                    ) -> tuple[dict[str, Order], list[Order]]:
    """An order for every unit (by province) and the deliberately illegal ones among them."""
    board = _Board(rules, position)
    order: dict[str, Order] = {}
    units = list(board.units.values())
    rng.shuffle(units)
    for unit in units:
        if rules.kinds[unit.kind].convoyable and rng.random() < P_CONVOY:
            _try_convoy(board, unit, order, rng)
    illegal = [_illegal(board, u, rng) for u in units
               if province_of(u.loc) not in order and rng.random() < P_ILLEGAL]
    order.update((province_of(o.loc), o) for o in illegal)
    later = []
    for unit in units:
        if province_of(unit.loc) not in order:
            what = rng.choices([m for m, _ in MIX], [w for _, w in MIX])[0]
            if what.startswith("support"):
                later.append((unit, what))
            else:
                order[province_of(unit.loc)] = _move_or_hold(board, unit, what, rng)
    for unit, what in later:
        order[province_of(unit.loc)] = _support(board, unit, what, order, rng)
    return order, illegal


def _try_convoy(board: _Board, army: Unit, order: dict[str, Order], rng: random.Random) -> None:
    origin = province_of(army.loc)
    if origin in order:
        return
    free = frozenset(f for f in board.fleets if f not in order)
    routes = convoy_routes(board, origin, free)
    if not routes:
        return
    dests = sorted(routes)
    dest = rng.choices(dests, [len(routes[d]) ** 2 for d in dests])[0]
    chain = list(routes[dest])
    order[origin] = Move(army.loc, dest, army.kind, via_convoy=True)
    if rng.random() < P_BROKEN_CHAIN:
        chain.remove(rng.choice(chain))
    for prov in chain:
        fleet = board.units[prov]
        order[prov] = Convoy(fleet.loc, army.loc, dest, fleet.kind, army.kind, army.power)


def _illegal(board: _Board, unit: Unit, rng: random.Random) -> Order:
    """A move no unit of this kind could make: an army to sea, a fleet inland."""
    terrains = board.rules.kinds[unit.kind].terrains
    wrong = sorted(p.id for p in board.geo.provinces.values()
                   if p.terrain not in terrains and p.terrain != "impassable")
    return Move(unit.loc, rng.choice(wrong), unit.kind)


def _move_or_hold(board: _Board, unit: Unit, what: str, rng: random.Random) -> Order:
    near = sorted(board.geo.neighbours(board.rules.kinds[unit.kind], unit.loc))
    if what == "move" and near:
        weights = [CENTRE_PULL if board.wanted(unit, loc) else 1 for loc in near]
        return Move(unit.loc, rng.choices(near, weights)[0], unit.kind)
    return Hold(unit.loc, unit.kind)


def _support(board: _Board, unit: Unit, what: str, order: dict[str, Order],
             rng: random.Random) -> Order:
    here = province_of(unit.loc)
    if what == "support_move":
        moves = [o for o in order.values() if isinstance(o, Move)
                 and _can_support_move(board, unit, o)]
        if moves:
            move = rng.choice(moves)
            target = board.units[province_of(move.loc)]
            return Support(unit.loc, target.loc, province_of(move.dest), unit.kind,
                           target.kind, target.power)
    near = [u for p, u in board.units.items() if p != here and board.touches(unit, p)]
    if not near:
        return Hold(unit.loc, unit.kind)
    target = rng.choice(near)
    return Support(unit.loc, target.loc, None, unit.kind, target.kind, target.power)


def _can_support_move(board: _Board, unit: Unit, move: Move) -> bool:
    here, origin, dest = province_of(unit.loc), province_of(move.loc), province_of(move.dest)
    if origin == here or dest == here or not board.touches(unit, dest):
        return False
    mover = board.units[origin]
    if board.geo.provinces[dest].terrain not in board.rules.kinds[mover.kind].terrains:
        return False  # a deliberately illegal move
    if board.touches(mover, dest):
        return True
    return dest in convoy_routes(board, origin, board.fleets - {here})  # DATC 6.D.31



def retreat_orders(position: Position, rng: random.Random) -> Orders:
    orders: Orders = {}
    for d in position.dislodged:
        u = d.unit
        dest = rng.choice(d.retreats) if d.retreats and rng.random() < P_RETREAT else None
        order = Retreat(u.loc, dest, u.kind) if dest else Disband(u.loc, u.kind)
        orders.setdefault(u.power, []).append(order)
    return orders


def adjustment_orders(rules: Rules, position: Position, rng: random.Random
                      ) -> tuple[Orders, list[str]]:
    """Builds and removals by power, and the powers leaving a removal to civil disorder."""
    orders: Orders = {}
    disorder: list[str] = []
    for power, count in sorted(adjustment_counts(rules, position).items()):
        if count > 0:
            orders[power] = _builds(rules, position, power, count, rng)
            continue
        units = position.units_of(power)
        rng.shuffle(units)
        if rng.random() < P_CIVIL_DISORDER:
            count += 1
            disorder.append(power)
        orders[power] = [Disband(u.loc, u.kind) for u in units[:-count]]
    return {p: os for p, os in orders.items() if os}, disorder


def _builds(rules: Rules, position: Position, power: str, count: int,
            rng: random.Random) -> list[Order]:
    sites = build_sites(rules, position, power)
    rng.shuffle(sites)
    out: list[Order] = []
    for prov in sites[:count]:
        if rng.random() < P_WAIVE:
            out.append(Waive())
            continue
        fits = [(code, rules.geo.stand_locations(kind, prov))
                for code, kind in sorted(rules.kinds.items())]
        code, locs = rng.choice([(c, ls) for c, ls in fits if ls])
        out.append(Build(rng.choice(locs), code))
    return out



def phase_orders(rules: Rules, position: Position, rng: random.Random
                 ) -> tuple[Orders, tuple[Order, ...], tuple[str, ...]]:
    kind = position.phase.kind
    if kind == "R":
        return retreat_orders(position, rng), (), ()
    if kind == "A":
        orders, disorder = adjustment_orders(rules, position, rng)
        return orders, (), tuple(disorder)
    by_prov, illegal = movement_orders(rules, position, rng)
    owner = {province_of(u.loc): u.power for u in position.units}
    out: Orders = {}
    for prov, order in sorted(by_prov.items()):
        out.setdefault(owner[prov], []).append(order)
    return out, tuple(illegal), ()


Played = tuple[list[PhaseRecord], list[Problem]]


def play_game(rules: Rules, start: Position, game: int, seed: int, years: int) -> Played:
    """Every phase of one game, and what went wrong (the game stops at a problem)."""
    rng = random.Random(f"{seed}/{game}")
    records: list[PhaseRecord] = []
    position, end = start, start.phase.year + years
    while position.phase.year < end:
        orders, illegal, disorder = phase_orders(rules, position, rng)
        label = f"g{game} {position.phase}"
        try:
            result = adjudicate(rules, position, orders)
        except Exception:
            return records, [Problem(label, position, orders, traceback.format_exc())]
        records.append(PhaseRecord(game, position, orders, result, illegal, disorder))
        issues = impossibilities(rules, position, result)
        if issues:
            return records, [Problem(label, position, orders, "; ".join(issues))]
        if result.next_phase is None:
            break
        position = result.position
    return records, []



def impossibilities(rules: Rules, before: Position, result: TurnResult) -> list[str]:
    """What no correct adjudication can produce."""
    after = result.position
    provs = Counter(province_of(u.loc) for u in after.units)
    issues = [f"two units in {p}" for p, n in provs.items() if n > 1]
    issues += [f"{d.unit} may retreat into occupied {r}" for d in after.dislodged
               for r in d.retreats if province_of(r) in provs]
    issues += [f"{d.unit} dislodged from a province left empty" for d in after.dislodged
               if province_of(d.unit.loc) not in provs]
    if before.phase.kind == "M" and len(after.units) + len(after.dislodged) != len(before.units):
        issues.append("a movement phase changed the number of units")
    if before.phase.kind == "A":
        issues += [f"{p} has more units than centres" for p in rules.powers
                   if len(after.units_of(p)) > len(after.centres_of(p))]
    return issues
