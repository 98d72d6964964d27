"""Decoys in the phases (rn45 C2 2b, C8 8b): made in the Winter, leaving their copy in the
Spring.

Readings (docs/variants/engineered.md): a decoy is made on one of its power's home build
centres (2b "Home or Start BC"; Russia's St Petersburg is none, C1 1b) where an engineer
and an army, navy or fighter of that power stand at the start of the Winter; it costs no
build and takes no supply (B1, B3: a centre maintains a military unit, which a decoy is
not); a Winter is played when a decoy could be made. A decoy beside its copy moves last,
with zero power (8a): only to an area no other unit stays in, enters or tries to enter; one
still beside another unit after the Spring movement is disbanded (8b).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from judge.engine.orders import Move, Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import Unit, province_of

from .decoys import DecoyDisbanded, as_decoy, is_decoy, plain
from .decoys_beside import judged_beside
from .decoys_orders import DecoyHold, DecoyMove, MakeDecoy, as_copys
from .decoys_removal import decoys_passed_on
from .fighters import LAND, area_distances, is_fighter
from .orders import ENGINEER, Convert

Orders = Mapping[str, Sequence[Order]]
Adjudicate = Callable[[Position, Orders], PhaseOutcome]


class DecoyAdjustments(WrappedPhase):
    def adjudicate(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        makes = [(p, o) for p, given in orders.items() for o in given if type(o) is MakeDecoy]
        rest = {p: [o for o in given if type(o) is not MakeDecoy] for p, given in orders.items()}
        out = decoys_passed_on(rules, self.inner.adjudicate(rules, position, rest))
        if not makes:
            return out
        results, made = [], []
        for power, order in makes:
            copy, why = _copy(rules, position, out.position, power, order)
            decoy = as_decoy(copy) if copy else None
            if decoy is not None and decoy not in made:
                made.append(decoy)
                results.append(OrderResult(power, decoy, order, "", Outcome.SUCCEEDS))
            else:
                results.append(OrderResult(power, copy, order, "", Outcome.ILLEGAL,
                                           Reason.ILLEGAL, why or "a decoy is made there"))
        after = out.position._replace(units=(*out.position.units, *made))
        return PhaseOutcome((*out.results, *results), after, (*out.events, *results))

    def needed(self, rules: Rules, position: Position) -> bool:
        # As everyone sees the board (choices): whether a Winter is played tells nothing.
        return self.inner.needed(rules, position) or any(
            self.choices(rules, position, power) for power in rules.homes)

    def upkeep(self, rules: Rules, unit: Unit) -> int:
        return 0 if is_decoy(unit) else self.inner.upkeep(rules, unit)

    def choices(self, rules: Rules, position: Position, power: str,
                orders: Sequence[Order] = ()) -> tuple[str, ...]:
        """A decoy that may be made is a choice the Winter waits for (issue #15 item 1).
        Judged on the board as everyone sees it, each decoy as its copy: whom the Winter
        waits for tells nobody which unit is one (a decoy's own order is refused then)."""
        seen = position._replace(units=tuple(plain(u) for u in position.units))
        # A decoy he has ordered already is no longer a choice offered him.
        # Nor one of a unit he converts: the decoy would copy a unit the Winter changes.
        ordered = {province_of(o.loc) for o in orders if isinstance(o, MakeDecoy | Convert)}
        made = [f"a decoy of {u.kind} {province_of(u.loc).title()} "
                f"(DECOY {u.kind} {province_of(u.loc).title()})"
                for u in _sites(rules, seen, power) if province_of(u.loc) not in ordered]
        return (*self.inner.choices(rules, position, power, orders), *made)


def _sites(rules: Rules, position: Position, power: str) -> list[Unit]:
    """The units of `power` a decoy may be made of: on a home centre with an engineer of
    the same power and no decoy yet (2b)."""
    here: dict[str, list[Unit]] = {}
    for u in position.units:
        here.setdefault(province_of(u.loc), []).append(u)
    homes = rules.homes.get(power, frozenset())
    return [u for u in position.units
            if u.power == power and province_of(u.loc) in homes and not is_decoy(u)
            and rules.kinds[u.kind].layer == "main"
            and any(e.power == power and e.kind == ENGINEER for e in here[province_of(u.loc)])
            and not any(is_decoy(o) for o in here[province_of(u.loc)])]


def _copy(rules: Rules, before: Position, after: Position, power: str,
          order: MakeDecoy) -> tuple[Unit | None, str]:
    """The unit a decoy is made of, or why none is."""
    where = province_of(order.loc)
    unit = next((u for u in _sites(rules, before, power) if province_of(u.loc) == where), None)
    if unit is None:
        return None, (f"a decoy is made only on a home centre of yours where your engineer "
                      f"and your army, navy or fighter stand, and no decoy (rn45 C2 2b): "
                      f"not in {where}")
    if unit not in after.units:
        return None, _gone(rules, unit, after)
    return unit, ""


def _gone(rules: Rules, unit: Unit, after: Position) -> str:
    """Why a decoy of `unit` is not made: the Winter removes or converts it."""
    where = province_of(unit.loc)
    if any(u.power == unit.power and province_of(u.loc) == where and u.kind != unit.kind
           and rules.kinds[u.kind].layer == "main" and not is_decoy(u)
           for u in after.units):
        return (f"{unit} is converted this Winter by your CONVERT order, so no decoy is "
                f"made of it: send one or the other (CLEAR, then the orders you mean)")
    return f"{unit} is removed this Winter: no decoy is made of it"


DecoyOrder = DecoyMove | DecoyHold


def with_stacked(rules: Rules, position: Position, orders: Orders,
                 adjudicate: Adjudicate, swapping: bool = True) -> PhaseOutcome:
    """The movement with each decoy that shares its area taken out and moved last (8b).
    `swapping`: 8c judged where the copy acts on the area its decoy moves to (the option
    decoy_beside, decoys_swap.py)."""
    lifted = stacked_decoys(rules, position)
    mine = {(p, province_of(o.loc)): o for p, given in orders.items() for o in given
            if isinstance(o, DecoyMove | DecoyHold)}
    rest = {p: [o for o in given if not isinstance(o, DecoyMove | DecoyHold)]
            for p, given in orders.items()}
    if not lifted:
        return _no_decoys(adjudicate(position, rest), mine, lifted)
    out = adjudicate(without(position, lifted), rest)
    landed = _land(rules, out, lifted, mine)

    def replay(swap: Mapping[Unit, Unit], given: Orders,
               theirs: Mapping[tuple[str, str], DecoyOrder]) -> PhaseOutcome:
        board = position._replace(units=tuple(swap.get(u, u) for u in position.units))
        again = stacked_decoys(rules, board)
        return _land(rules, adjudicate(without(board, again), given), again,
                     {**mine, **theirs})

    for decoy in lifted:  # 8c, judged for each as the real unit in its copy's place
        board = without(position, [d for d in lifted if d != decoy])
        landed = judged_beside(rules, board, rest, out, landed, decoy,
                               mine.get((decoy.power, province_of(decoy.loc))), adjudicate,
                               replay if swapping else None)
    return _no_decoys(landed, mine, lifted)


def _no_decoys(out: PhaseOutcome, mine: Mapping[tuple[str, str], DecoyOrder],
               lifted: Sequence[Unit]) -> PhaseOutcome:
    """A DECOY order where the player has no decoy beside his unit is refused, saying how
    decoys come (2b, 8b): read as nothing, it showed him an order his unit never got."""
    beside = {(d.power, province_of(d.loc)) for d in lifted}
    refused = tuple(
        OrderResult(power, None, order, "", Outcome.ILLEGAL, Reason.NO_UNIT,
                    f"you have no decoy beside your unit in {where}: a decoy is made in a "
                    "Winter (DECOY A Mos, rn45 C2 2b) and leaves its copy with DECOY A "
                    "Mos-War the Spring after (C8 8b); a decoy by itself is ordered as any "
                    "unit")
        for (power, where), order in mine.items() if (power, where) not in beside)
    if not refused:
        return out
    return PhaseOutcome((*out.results, *refused), out.position, (*out.events, *refused))


def stacked_decoys(rules: Rules, position: Position) -> list[Unit]:
    """The decoys that share their area with another army, navy or fighter (8b)."""
    main = [u for u in position.units if rules.kinds[u.kind].layer == "main"]
    crowded = {province_of(u.loc) for u in main
               if sum(province_of(o.loc) == province_of(u.loc) for o in main) > 1}
    return _lifted(main, crowded)


def without(position: Position, lifted: Sequence[Unit]) -> Position:
    left = list(position.units)
    for u in lifted:
        left.remove(u)  # one of two alike units, when the decoy is seen unmarked
    return position._replace(units=tuple(left))


def _lifted(main: Sequence[Unit], crowded: set[str]) -> list[Unit]:
    """Each decoy that shares its area. On the board as another seat sees it, a decoy is
    "identical" (2b) to its copy, its mark taken off: there the second of two alike units
    in one area stands for it (orders are checked on that board, issue #15)."""
    marked = {province_of(u.loc) for u in main if is_decoy(u)}
    lifted: list[Unit] = []
    seen: set[Unit] = set()
    for u in main:
        where = province_of(u.loc)
        if where in crowded and (is_decoy(u) or (where not in marked and u in seen)):
            lifted.append(u)
        seen.add(u)
    return lifted


def _land(rules: Rules, out: PhaseOutcome, lifted: Sequence[Unit],
          orders: Mapping[tuple[str, str], DecoyOrder]) -> PhaseOutcome:
    kinds = rules.kinds  # an engineer or prison beside it leaves it by itself (8a carries one)
    taken = {province_of(u.loc) for u in out.position.units
             if kinds[u.kind].layer == "main"} | \
        {province_of(d.unit.loc) for d in out.position.dislodged} | \
        {province_of(r.order.dest) for r in out.results if isinstance(r.order, Move)}
    wanted = [province_of(m.dest) for m in orders.values() if isinstance(m, DecoyMove)]
    results: list[OrderResult] = []
    units, gone = list(out.position.units), []
    for decoy in lifted:
        order = orders.get((decoy.power, province_of(decoy.loc)))
        there = province_of(order.dest) if isinstance(order, DecoyMove) else ""
        dest = _entered(rules, decoy, there) if there and there not in taken and \
            wanted.count(there) == 1 else None
        if dest is not None:
            units.append(decoy.moved(dest))
            results.append(OrderResult(decoy.power, decoy, order, "", Outcome.SUCCEEDS))
            continue
        results.append(_stayed(decoy, order))
        if province_of(decoy.loc) in taken:
            gone.append(DecoyDisbanded(decoy, "not_alone"))
        else:
            units.append(decoy)  # its copy left, and nobody came: it is by itself
    told = _canonical(out.results, results, {province_of(d.loc) for d in lifted})
    others = tuple(e for e in out.events if not isinstance(e, OrderResult))
    after = out.position._replace(units=tuple(units))
    return PhaseOutcome(told, after, (*told, *others, *gone))


def _canonical(results: Sequence[OrderResult], decoys: Sequence[OrderResult],
               shared: set[str]) -> tuple[OrderResult, ...]:
    """The results, those of the units that shared an area last and in an order that does
    not tell which of two was the decoy (sorted by what others are shown of them)."""
    alone = [r for r in results if r.unit is None or province_of(r.unit.loc) not in shared
             or r.outcome == Outcome.ILLEGAL]
    pair = [r for r in [*results, *decoys] if r not in alone]
    return (*alone, *sorted(pair, key=_shown))


def _shown(r: OrderResult) -> str:
    order = as_copys(r.order) if r.order is not None else None
    return repr((r.power, r.unit and province_of(r.unit.loc), order, r.outcome, r.reason,
                 r.unordered))


def _entered(rules: Rules, decoy: Unit, there: str) -> str | None:
    """Where the decoy stands in the neighbouring area `there`, if it may go there: as its
    kind moves, a fighter to adjacent land (rn45 C7 7c 1)."""
    if is_fighter(decoy):
        near = area_distances(rules.geo).get(province_of(decoy.loc), {}).get(there) == 1
        return there if near and rules.geo.provinces[there].terrain in LAND else None
    reach = rules.geo.reachable(rules.kinds[decoy.kind], decoy.loc, there) \
        if rules.geo.is_province(there) else ()
    return reach[0] if len(reach) == 1 else None


def _stayed(decoy: Unit, order: DecoyOrder | None) -> OrderResult:
    if order is None:
        return OrderResult(decoy.power, decoy, None, "", Outcome.SUCCEEDS, unordered=True)
    if isinstance(order, DecoyHold):
        return OrderResult(decoy.power, decoy, order, "", Outcome.SUCCEEDS)
    return OrderResult(decoy.power, decoy, order, "", Outcome.FAILS, Reason.BOUNCED)
