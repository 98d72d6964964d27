"""The MILA side: each phase set up afresh in MILA's engine (diplomacy==1.1.2), its
`game.process()` timed, and the board after it compared with ours; bench/README.md explains
how disagreements are put into buckets of known MILA deviations.
"""

from __future__ import annotations

import functools
import gc
import importlib.util
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from randomgame import PhaseRecord

from judge.engine.convoys import can_convoy
from judge.engine.orders import Convoy, Hold, Move, Order, Support, Waive, describe
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Unit, province_of

AVAILABLE = importlib.util.find_spec("diplomacy") is not None
INSTALL_HINT = "pip install -e '.[bench]'   (MILA's engine: diplomacy==1.1.2)"
Orders = dict[str, list[Order]]

VIA_FALLBACK = "VIA move without a convoy: MILA moves by land"
OWN_SUPPORT = "own-power support counted for a convoyed attack"
OWN_SUPPORT_FLEET = "own-power support counted against a convoying fleet"
OWN_SUPPORT_H2H = "own-power support counted in a head-to-head battle"
OWN_SUPPORT_OTHER = "own-power support counted against its own unit"
CIVIL_DISORDER = "civil disorder removal by distance to home centres"
REFUSED = "order we judge legal but MILA refuses"
RETREATS_AFTER_CONVOY = "retreats after a convoyed attack: MILA offers every neighbour"


@dataclass(frozen=True)
class Board:  # a board after a phase, in MILA's spelling
    units: frozenset[tuple[str, str]]
    dislodged: frozenset[tuple[str, str]] = frozenset()
    retreats: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass
class MilaRun:
    ns: int
    board: Board
    refused: list[Order]


def unit_text(unit: Unit) -> str:
    return f"{unit.kind} {unit.loc.upper()}"


def order_text(order: Order) -> str:
    """Our order in MILA's notation: our short notation ('A lon - nwy VIA') in upper case."""
    return describe(order).upper()


def mila_state(rules: Rules, position: Position) -> dict[str, Any]:
    units: dict[str, list[str]] = {p: [] for p in rules.powers}
    retreats: dict[str, dict[str, list[str]]] = {p: {} for p in rules.powers}
    centres: dict[str, list[str]] = {p: [] for p in rules.powers}
    for u in position.units:
        units[u.power].append(unit_text(u))
    for d in position.dislodged:
        units[d.unit.power].append("*" + unit_text(d.unit))
        retreats[d.unit.power][unit_text(d.unit)] = [r.upper() for r in d.retreats]
    for centre, power in position.owners.items():
        centres[power].append(centre.upper())
    return {"name": str(position.phase), "units": units, "retreats": retreats,
            "centers": centres}


def build_game(state: dict[str, Any], orders: Orders) -> tuple[Any, list[Order]]:
    """A fresh MILA game in `state` with `orders` set; the orders MILA refused."""
    import diplomacy

    game = diplomacy.Game()
    game.set_state(state)
    refused: list[Order] = []
    for power, given in orders.items():
        game.set_orders(power, [order_text(o) for o in given])
        refused += _refused(game.get_power(power), given, state["name"].endswith("M"))
    game.error = []
    return game, refused


def _refused(power: Any, given: list[Order], movement: bool) -> list[Order]:
    if movement:
        return [o for o in given if f"{o.kind} {o.loc.upper()}" not in power.orders]
    kept = set(power.adjust)
    return [o for o in given if not isinstance(o, Waive) and order_text(o) not in kept]


def run_mila(rules: Rules, position: Position, orders: Orders, reps: int) -> MilaRun:
    """Min over `reps` fresh games of the time `game.process()` takes; the board after."""
    state = mila_state(rules, position)
    movement = position.phase.kind == "M"
    owner = {unit_text(u): u.power for u in position.units} if movement else {}
    best = None
    for _ in range(reps):
        game, refused = build_game(state, orders)
        gc.disable()
        try:
            t0 = time.perf_counter_ns()
            game.process()
            ns = time.perf_counter_ns() - t0
        finally:
            gc.enable()
        best = ns if best is None else min(best, ns)
    assert best is not None
    return MilaRun(best, mila_board(game, owner), refused)


def mila_board(game: Any, owner: dict[str, str]) -> Board:
    """The board after; `owner` (before a movement phase) reads `popped`, units disbanded."""
    units, dislodged, retreats = set(), set(), {}
    for power in game.powers.values():
        units |= {(power.name, u) for u in power.units}
        for unit, options in power.retreats.items():
            dislodged.add((power.name, unit))
            retreats[unit] = tuple(sorted(options))
    for unit in game.popped if owner else ():
        dislodged.add((owner[unit], unit))
        retreats[unit] = ()
    return Board(frozenset(units), frozenset(dislodged), retreats)


def our_board(result: TurnResult) -> Board:
    after = result.position
    units = frozenset((u.power, unit_text(u)) for u in after.units)
    dislodged = frozenset((d.unit.power, unit_text(d.unit)) for d in after.dislodged)
    retreats = {unit_text(d.unit): tuple(sorted(r.upper() for r in d.retreats))
                for d in after.dislodged}
    return Board(units, dislodged, retreats)


def compare_all(rules: Rules, records: list[PhaseRecord], rows: list[dict[str, Any]],
                reps: int) -> dict[str, Any]:
    """Adds "mila_ns" to every row; the disagreements and the orders MILA refused."""
    disagreements, refused, illegal = [], 0, 0
    for r, row in zip(records, rows, strict=True):
        run = run_mila(rules, r.position, r.orders, reps)
        row["mila_ns"] = run.ns
        refused += len(run.refused)
        illegal += sum(1 for o in run.refused if o in r.illegal)
        if found := compare(rules, r, run):
            disagreements.append(found)
    return {"disagreements": disagreements, "refused_orders": refused,
            "refused_deliberately_illegal": illegal}


def ratios(rows: list[dict[str, Any]], ours: str = "ours_ns") -> dict[str, Any]:
    """MILA's time over ours (the rows' `ours` figure) on movement phases, all of them and
    those of 30 units or more."""
    moves = [r for r in rows if r["kind"] == "M" and r.get("mila_ns") and r.get(ours)]
    big = [r for r in moves if r["units"] >= 30]
    groups = {"movement": moves, "movement_30_units_or_more": big}
    return {name: {"phases": len(g),
                   "ratio_of_sums": sum(r["mila_ns"] for r in g) / sum(r[ours] for r in g),
                   "median_ratio": statistics.median(r["mila_ns"] / r[ours] for r in g)}
            for name, g in groups.items() if g}


def board_differences(ours: Board, mila: Board) -> list[str]:
    out = [f"{p} {u}: ours only" for p, u in sorted(ours.units - mila.units)]
    out += [f"{p} {u}: MILA only" for p, u in sorted(mila.units - ours.units)]
    out += [f"{p} {u} dislodged: ours only" for p, u in sorted(ours.dislodged - mila.dislodged)]
    out += [f"{p} {u} dislodged: MILA only" for p, u in sorted(mila.dislodged - ours.dislodged)]
    return out


def retreat_differences(ours: Board, mila: Board) -> dict[str, str]:
    both = sorted(set(ours.retreats) & set(mila.retreats))
    return {u: f"{u} retreats: ours {list(ours.retreats[u])} MILA {list(mila.retreats[u])}"
            for u in both if ours.retreats[u] != mila.retreats[u]}


def compare(rules: Rules, record: PhaseRecord, run: MilaRun) -> dict[str, Any] | None:
    """The phase's disagreement (for the report), or None when the engines agree."""
    ours = our_board(record.result)
    board = board_differences(ours, run.board)
    retreats = retreat_differences(ours, run.board)
    if not board and not retreats:
        return None
    buckets, explained = [], True
    if board:
        refused = [o for o in run.refused if o not in record.illegal]
        bucket, ok = explain(rules, record, refused)
        buckets.append(bucket)
        explained &= ok
    if retreats:
        ok = all(_offers_everything(rules, record, u, run.board) for u in retreats)
        buckets.append(RETREATS_AFTER_CONVOY if ok else "unexplained retreat options")
        explained &= ok
    return {"phase": record.label, "kind": record.position.phase.kind, "buckets": buckets,
            "explained": explained, "differences": board + list(retreats.values())}


def _offers_everything(rules: Rules, record: PhaseRecord, unit: str, mila: Board) -> bool:
    """MILA's `A and B or C` slip: after a convoyed attack every neighbour is offered."""
    d = next(d for d in record.result.position.dislodged if unit_text(d.unit) == unit)
    attack = [o for os in record.orders.values() for o in os
              if isinstance(o, Move) and province_of(o.loc) == d.attacker_from]
    near = rules.geo.neighbours(rules.kinds[d.unit.kind], d.unit.loc)
    everything = tuple(sorted(loc.upper() for loc in near))
    return bool(attack) and attack[0].via_convoy and mila.retreats[unit] == everything


def explain(rules: Rules, record: PhaseRecord, refused: list[Order]) -> tuple[str, bool]:
    """The bucket of a board disagreement, and whether neutralising its orders removed it."""
    suspects = _suspects(rules, record, refused)
    for bucket, fix in suspects:
        if _agree(rules, record.position, fix(record.orders)):
            return bucket, True
    combined = functools.reduce(lambda orders, s: s[1](orders), suspects, record.orders)
    if len(suspects) > 1 and _agree(rules, record.position, combined):
        return " + ".join(b for b, _ in suspects), True
    names = " / ".join(b for b, _ in suspects)
    return (f"unexplained (suspected: {names})" if names else "unexplained"), False


Fix = Callable[[Orders], Orders]


def _suspects(rules: Rules, record: PhaseRecord, refused: list[Order]
              ) -> list[tuple[str, Fix]]:
    out: list[tuple[str, Fix]] = []
    if refused:
        out.append((REFUSED, _holding(refused)))
    if broken := _via_without_chain(rules, record.orders):
        out.append((VIA_FALLBACK, _holding(broken)))
    for bucket, own in _own_supports(record.position, record.orders).items():
        out.append((bucket, _holding(own)))
    if record.civil_disorder:
        out.append((CIVIL_DISORDER, _with_our_removals(record.result)))
    return out


def _agree(rules: Rules, position: Position, orders: Orders) -> bool:
    ours = our_board(adjudicate(rules, position, orders))
    return not board_differences(ours, run_mila(rules, position, orders, 1).board)


def _holding(implicated: list[Order]) -> Fix:
    ids = {id(o) for o in implicated}
    return lambda orders: {p: [Hold(o.loc, o.kind) if id(o) in ids else o for o in os]
                           for p, os in orders.items()}


def _with_our_removals(result: TurnResult) -> Fix:
    """Give the removals our civil disorder chose as orders, so neither engine chooses."""
    chosen = [(r.power, r.order) for r in result.results
              if r.message == "civil disorder" and r.order is not None]
    return lambda orders: {p: [*orders.get(p, []), *(o for q, o in chosen if q == p)]
                           for p in {*orders, *(q for q, _ in chosen)}}


def _via_without_chain(rules: Rules, orders: Orders) -> list[Order]:
    """Convoyed moves whose convoy orders do not form a chain from origin to destination."""
    flat = [o for os in orders.values() for o in os]
    out: list[Order] = []
    for m in flat:
        if isinstance(m, Move) and m.via_convoy:
            origin, dest = province_of(m.loc), province_of(m.dest)
            fleets = {province_of(c.loc) for c in flat if isinstance(c, Convoy)
                      and province_of(c.target) == origin and province_of(c.dest) == dest}
            if not can_convoy(rules.convoy_adjacency, fleets, origin, dest):
                out.append(m)
    return out


def _own_supports(position: Position, orders: Orders) -> dict[str, list[Order]]:
    """Supports a power gives to an attack on its own unit, by the case MILA may get wrong."""
    at = {province_of(u.loc): u for u in position.units}
    by_prov = {province_of(o.loc): o for os in orders.values() for o in os}
    out: dict[str, list[Order]] = {}
    for power, given in orders.items():
        for s in given:
            victim = at.get(province_of(s.dest)) if isinstance(s, Support) and s.dest else None
            if victim is not None and victim.power == power:
                attack = by_prov.get(province_of(s.target))  # type: ignore[union-attr]
                case = _own_support_case(attack, by_prov.get(province_of(victim.loc)))
                out.setdefault(case, []).append(s)
    return out


def _own_support_case(attack: Order | None, defence: Order | None) -> str:
    if isinstance(attack, Move) and attack.via_convoy:
        return OWN_SUPPORT
    if isinstance(defence, Convoy):
        return OWN_SUPPORT_FLEET
    if isinstance(defence, Move) and attack and \
            province_of(defence.dest) == province_of(attack.loc):
        return OWN_SUPPORT_H2H
    return OWN_SUPPORT_OTHER
