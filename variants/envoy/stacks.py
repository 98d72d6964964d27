"""Stacks that split (Envoy 5.v): several diplomats of one power in a space, ordered apart.

A line may order a number of a stack's units ('2 D Fra-Bel'): a counted order
(judge/engine/counted.py). The units of a stack ordered alike form a sub-stack, one
resolver unit as strong as its size; the StackResolver decides sub-stacks sharing a
province (docs/variants/envoy.md, "Stacks"). The engine's Decisions keep one unit per
province; this resolver is Envoy's reading of 5.v, so it lives with Envoy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.counted import count_of, uncounted
from judge.engine.decisions import HOLD, MOVE, RESOLVED, UNRESOLVED, move_groups
from judge.engine.legality import Board, Checked, check_movement
from judge.engine.movement import judge_order
from judge.engine.orders import Hold, Order, describe
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.refusal import Loc, Stated, Words, state
from judge.engine.resolver import CombinedResolver
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

from . import reasons as E


class StackResolver(CombinedResolver):
    """CombinedResolver over sub-stacks, several of which may share a province (of one
    power: 5.v). Its reading (docs/variants/envoy.md): a move into a province must beat
    what stays there, the holders with their hold supports and the failed movers alone (as
    a failed move defends in the 1971 rules); head to head, it must also beat the defence
    of the sub-stack coming the other way, which is then not counted among what stays."""

    def __init__(self, rules: Rules, units: Sequence[Unit], sizes: Sequence[int],
                 orders: list[Checked | None]) -> None:
        # Not Decisions.__init__: its arrays come from a Board, one unit a province.
        self.rules, self.units, self.province = rules, list(units), rules.geo.province
        self.prov = [province_of(u.loc) for u in units]
        self.power = [u.power for u in units]
        self.strength = list(sizes)
        self.here: dict[str, list[int]] = {}
        for i, p in enumerate(self.prov):
            self.here.setdefault(p, []).append(i)
        self.at = {p: js[0] for p, js in self.here.items()}
        self._arrays(len(self.units))
        supports, convoys = self._load(orders)
        for s in (*supports, *convoys):
            self._retarget(s)
        self.ordered = sorted([*self.moves, *supports, *convoys])
        self._match(supports, convoys)
        self.group = move_groups(self.attackers, self.power)

    def _arrays(self, n: int) -> None:
        self.otype, self.dest, self.dest_loc = [HOLD] * n, [""] * n, [""] * n
        self.target, self.valid, self.convoyed, self.h2h = [-1] * n, [True] * n, [False] * n, \
            [-1] * n
        self.attackers, self.supporters, self.convoyers = {}, {}, {}
        self.state, self.res, self.moves = [UNRESOLVED] * n, [False] * n, []
        self.paradox, self.paths, self.cycle = set(), {}, []
        self.guess_based, self.recursion_hits = False, 0
        self.kidnapped, self.overland = [], frozenset()  # diplomats are never convoyed (5.i)
        self._deciders = (self._hold_decision, self._move, self._support, self._convoy)

    def _retarget(self, s: int) -> None:
        """A support names a province: it is for the sub-stack there whose order it fits
        (moving where it says, or staying); with none, it stays void."""
        into, otype = self.dest[s], self.otype
        for j in self.here[self.prov[self.target[s]]]:
            if (otype[j] == MOVE and self.dest[j] == into) if into else otype[j] != MOVE:
                self.target[s] = j
                return

    def _match(self, supports: list[int], convoys: list[int]) -> None:
        for i in self.moves:
            there = self.here.get(self.dest[i], ())
            if not there and not self.convoyed[i] and len(self.attackers[self.dest[i]]) == 1:
                self.res[i], self.state[i] = True, RESOLVED
            for j in there:
                if self.otype[j] == MOVE and self.dest[j] == self.prov[i] \
                        and not self.convoyed[i] and not self.convoyed[j]:
                    self.h2h[i] = j
        self._match_supports(supports)
        for c in convoys:
            self._match_convoy(c)

    def hold(self, prov: str, without: int = -1) -> int:
        n = 0
        for j in self.here.get(prov, ()):
            if j == without:
                continue
            if self.otype[j] != MOVE:
                n += self.strength[j] + self._supports(j)
            elif not self.resolve(j):
                n += self.strength[j]  # no hold supports for a failed mover (DATC 6.D.9)
        return n

    def attack(self, i: int) -> int:
        members, there = self.group[i], self.here.get(self.dest[i])
        if not there:
            return self._sum(members, None)
        facing = any(self.h2h[m] >= 0 for m in members)
        owner = self.power[there[0]]
        if owner == self.power[i]:
            return 0 if facing else self._sum(members, None)  # DATC 6.D.10; else joins
        if not facing and all(self.otype[j] == MOVE and self.resolve(j) for j in there):
            return self._sum(members, None)  # nobody stays
        return self._sum(members, owner)  # DATC 6.D.12

    def _passes(self, i: int, members: list[int], attack: int) -> bool:
        there = self.here.get(self.dest[i])
        if not there or self.power[there[0]] == self.power[i]:
            return True
        for m in members:
            j = self.h2h[m]
            if j >= 0:
                # As CombinedResolver head to head, then against what stays behind j.
                return attack > self.defend(j) and self.attack(j) <= self.defend(m) \
                    and attack > self.hold(self.dest[i], without=j)
        return attack > self.hold(self.dest[i])



@dataclass(slots=True)
class SubStack:
    """Units of one stack ordered alike: the stack's unit, how many, the lines ordering
    them (several if written alike; none: the units no line ordered, which hold)."""

    unit: Unit
    size: int
    given: list[Checked]


def resolve_stacks(rules: Rules, position: Position, sizes: Mapping[Unit, int],
                   orders: Mapping[str, Sequence[Order]]) -> tuple[list[OrderResult], list[Unit]]:
    """The stacks of `position` (one unit each, standing for `sizes` units) split by their
    counted orders and resolved: the results, and every unit after the phase."""
    board = Board(rules, position)
    subs, illegal = _split(board, sizes, orders)
    r = StackResolver(rules, [s.unit for s in subs], [s.size for s in subs],
                      [s.given[0] if s.given else None for s in subs])
    r.run()
    gone = _eliminated(r)
    return _results(r, subs, illegal, gone), _after(r, subs, gone)


def _split(board: Board, sizes: Mapping[Unit, int],
           orders: Mapping[str, Sequence[Order]]) -> tuple[list[SubStack], list[OrderResult]]:
    # Orders without a number go through legality together, so that two different ones
    # for a stack cancel out as for any unit (DATC 4.D.3); numbered ones each on its own.
    plain = {p: [o for o in given if count_of(o) is None] for p, given in orders.items()}
    whole, illegal = check_movement(board, plain)
    numbered: dict[int, list[tuple[Checked, int]]] = {}
    for power, given in orders.items():
        for order in given:
            n = count_of(order)
            if n is not None:
                plain_order = uncounted(board.rules.registry, order)
                legal, bad = check_movement(board, {power: [plain_order]})
                illegal += [res._replace(order=order) for res in bad]
                for i, checked in enumerate(legal):
                    if checked is not None:
                        numbered.setdefault(i, []).append(((power, checked[1], order,
                                                            checked[3]), n))
    subs: list[SubStack] = []
    for i, unit in enumerate(board.units):
        subs += _substacks(unit, sizes.get(unit, 1), numbered.get(i, []), whole[i], illegal)
    return subs, illegal


def _substacks(unit: Unit, size: int, numbered: list[tuple[Checked, int]],
               rest: Checked | None, illegal: list[OrderResult]) -> list[SubStack]:
    """The stack's numbered lines take their units in turn; the line without a number, or
    an implicit hold, takes the units left."""
    out: dict[tuple[Any, ...] | None, SubStack] = {}
    left = size
    for checked, n in numbered:
        if n > left:
            illegal.append(_refused(checked, state(
                E.TOO_MANY_OF_STACK, count=n, order=Words(describe(checked[2])), size=size,
                place=Loc(unit.loc), left=left)))
            continue
        left -= n
        _add(out, unit, checked, n)
    if rest is not None and not left:
        illegal.append(_refused(rest, state(E.NONE_LEFT_OF_STACK, size=size,
                                            place=Loc(unit.loc))))
    elif left:
        _add(out, unit, rest, left)
    return list(out.values())


def _add(out: dict[tuple[Any, ...] | None, SubStack], unit: Unit, checked: Checked | None,
         n: int) -> None:
    # Lines ordering the same thing make one sub-stack: one move, one support, summed.
    norm = None if checked is None else checked[3]
    key = None if norm is None else (type(norm), getattr(norm, "dest", None),
                                     getattr(norm, "target", None))
    sub = out.get(key)
    if sub is None:
        out[key] = SubStack(unit, n, [] if checked is None else [checked])
    else:
        sub.size += n
        sub.given += [] if checked is None else [checked]


def _refused(checked: Checked, message: Stated) -> OrderResult:
    power, unit, order, _ = checked
    return OrderResult(power, unit, order, "", Outcome.ILLEGAL, Reason.ILLEGAL, message)


def _eliminated(r: StackResolver) -> set[int]:
    """Sub-stacks still in a province another power entered (Envoy 5.iv: no retreat)."""
    entered = {r.dest[i]: r.power[i] for i in r.moves if r.res[i]}
    return {i for i, p in enumerate(r.prov) if entered.get(p, r.power[i]) != r.power[i]
            and not (r.otype[i] == MOVE and r.res[i])}


def _results(r: StackResolver, subs: list[SubStack], illegal: list[OrderResult],
             gone: set[int]) -> list[OrderResult]:
    # A stack whose lines were all illegal holds, but its results are those lines.
    tried, lost = {res.unit for res in illegal}, {r.units[i] for i in gone}
    out: list[OrderResult] = []
    for i, sub in enumerate(subs):
        outcome, reason = judge_order(r, i, i in gone)
        ordered = bool(sub.given) or sub.unit in tried
        given = sub.given if ordered else \
            [(sub.unit.power, sub.unit, Hold(sub.unit.loc, sub.unit.kind), Hold(sub.unit.loc))]
        out += [OrderResult(power, unit, order, "", outcome, reason, "", i in gone,
                            not ordered) for power, unit, order, _ in given]
    return out + [res._replace(dislodged=True) if res.unit in lost else res for res in illegal]


def _after(r: StackResolver, subs: list[SubStack], gone: set[int]) -> list[Unit]:
    out: list[Unit] = []
    for i, sub in enumerate(subs):
        if i not in gone:
            moved = r.otype[i] == MOVE and r.res[i]
            out += [sub.unit.moved(r.dest_loc[i]) if moved else sub.unit] * sub.size
    return out
