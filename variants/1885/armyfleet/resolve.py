"""Deciding a month: the standard resolver (DATC 5.F) on the table, with 1885-III's links.

- A move into the Box never fails (l.100-101); with the option `box_entry = "cuts"` it cuts
  the supports given from the Box by other powers' units.
- An A/F's move fails when its army's landing fails, since the army would be left to drown
  (l.53-55); the landing itself is independent of the fleet (l.32-34, 58-60).
- The Exception (l.60-71): a landing from the sea the A/F moves to may not decide that move;
  when it would (the move's result differs with and without it), the landing fails.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.engine.decisions import MOVE, RESOLVED, SUPPORT, UNRESOLVED
from judge.engine.movement import overland_fallback
from judge.engine.orders import Order
from judge.engine.outcome import OrderResult
from judge.engine.position import Position
from judge.engine.resolver import Resolver
from judge.engine.rules import Rules
from judge.engine.types import province_of

from .binding import bind
from .orders import ARMY, FLEET
from .table import Landing, Table, box_places, build_table

Orders = Mapping[str, Sequence[Order]]


class ArmyFleetResolver(Resolver):
    """`landing_of`: an A/F's index -> its landing army's, whose failure stops the A/F;
    `arrival_of`: a landing army's index -> its A/F's, whose move it needs (the option
    `landing_ahead = "on_arrival"`)."""

    def __init__(self, table: Table, landing_of: Mapping[int, int],
                 arrival_of: Mapping[int, int], entry_cuts: bool = False,
                 ferry_aboard: bool = False) -> None:
        super().__init__(table.board.rules, table.board, table.legal)
        self.box = box_places(table.board.rules)
        self.ferry_aboard = ferry_aboard
        if entry_cuts:
            self._cut_by_entry()
        self.landing_of, self.arrival_of = landing_of, arrival_of
        for i in [*landing_of, *arrival_of]:
            # Decisions settles a lone move into an empty province before any recursion;
            # these also wait for another unit's move.
            self.state[i] = UNRESOLVED

    def _move(self, i: int) -> bool:
        if self.dest[i] in self.box:
            return True
        a = self.arrival_of.get(i)
        if a is not None and not self.resolve(a):
            return False
        if not super()._move(i):
            return False
        k = self.landing_of.get(i)
        return k is None or self.resolve(k)

    def aboard(self, j: int) -> bool:
        """The option `ferry_bounce = "aboard"`: an army its own fleet ferries "remains on
        board the fleet" if it cannot land (l.37-39), so it was aboard all month: its
        province is empty for every other move, whatever becomes of its landing."""
        if not (self.ferry_aboard and self.otype[j] == MOVE and self.convoyed[j]
                and self.units[j].kind == ARMY and self.path(j)):
            return False
        return any(self.power[c] == self.power[j] and self.units[c].kind == FLEET
                   and self.resolve(c) for c in self.convoyers.get(j, {}).values())

    def attack(self, i: int) -> int:
        j = self.at.get(self.dest[i], -1)
        if j < 0 or not self.aboard(j) or (self.convoyed[i] and not self.path(i)):
            return super().attack(i)
        return self.strength[i] + self._supports(i)

    def hold(self, prov: str) -> int:
        j = self.at.get(prov, -1)
        return 0 if j >= 0 and self.aboard(j) else super().hold(prov)

    def _support(self, s: int) -> bool:
        """The engine's rule, with a landing army's origin its sea: an army landing from
        `eng` (key `eng@0`) on a unit that supports a move into the Channel is the attacked
        unit, which cuts that support only by dislodging it (1971 rules, DATC 6.D.15)."""
        here, power, into = self.prov[s], self.power[s], self.dest[s]
        for m in self.attackers.get(here, ()):
            if self.power[m] == power:
                continue
            if self.prov[m].partition("@")[0] == into:
                if self.resolve(m):
                    return False
            elif self.path(m):
                return False
        return True

    def _cut_by_entry(self) -> None:
        """The option `box_entry = "cuts"`: a unit in the Box stands at a key of its own
        (`hob#2`) that no move enters, so another power's move into the Box is made an
        attack on it here. It cuts the unit's support as the 1971 rules' attack on a
        supporter does, unless it comes from the sea the support goes into (that one would
        have to dislodge it, which no move into the Box does: l.100-101). Moves into the
        Box are never convoyed, so the cut is known before anything is resolved."""
        for s, here in enumerate(self.prov):
            box = here.partition("#")[0]
            if self.otype[s] != SUPPORT or not self.valid[s] or box not in self.box:
                continue
            if any(self.power[m] != self.power[s] and self.prov[m] != self.dest[s]
                   for m in self.attackers.get(box, ())):
                self.res[s], self.state[s] = False, RESOLVED


@dataclass(frozen=True)
class Readings:
    """The game's choices where the rules leave a question open (docs/variants/1885-iii.md).

    `on_arrival`: an army landing from the sea its A/F moves to lands only if the A/F gets
    there, and the A/F's move does not wait for that landing (option `landing_ahead`).
    `box_supports_any`: a unit in the Box supports any unit in or into a sea next to it,
    not only moves out of the Box (option `box_supports`).
    `box_entry_cuts`: another power's move into the Box cuts the supports its units give
    (option `box_entry`).
    `box_side`: a fleet or A/F in any sea next to the Box supports a move out of it into
    another such sea (option `box_support_from`).
    `ferry_aboard`: an army its own fleet ferries leaves its province whether or not it
    lands (option `ferry_bounce`)."""

    on_arrival: bool = False
    box_supports_any: bool = False
    box_entry_cuts: bool = False
    box_side: bool = False
    ferry_aboard: bool = False


@dataclass
class Run:
    """One resolution of the month with a given set of landings."""

    table: Table
    resolver: ArmyFleetResolver
    illegal: list[OrderResult]
    landings: list[Landing]

    def af_index(self, landing: Landing) -> int:
        return af_key(self.table, landing)


def af_key(table: Table, landing: Landing) -> int:
    """The A/F's index on the table (in the Box, the first A/F of its power there)."""
    prov = province_of(landing.af.loc)
    if prov in table.board.index:
        return table.board.index[prov]
    for i, key in enumerate(table.keys):
        if key.startswith(prov + "#") and table.board.units[i] == landing.af:
            return i
    raise KeyError(landing.af)


def run(rules: Rules, position: Position, orders: Orders, landings: list[Landing],
        readings: Readings, uncoupled: frozenset[int] = frozenset(),
        cancelled: Sequence[Landing] = ()) -> Run:
    """The month decided with these landings; the A/Fs of landings numbered in `uncoupled`
    move without waiting for them (to measure the Exception)."""
    table = build_table(rules, position, landings)
    illegal = bind(table, orders, landings, cancelled, readings.box_supports_any,
                   readings.box_side)
    landing_of, arrival_of = {}, {}
    for n, landing in enumerate(landings):
        a, k = af_key(table, landing), table.index(f"{landing.sea}@{n}")
        if readings.on_arrival and landing.from_move:
            arrival_of[k] = a
        elif n not in uncoupled and table.legal[a] is not None:
            landing_of[a] = k
    return Run(table, _resolved(table, landing_of, arrival_of, readings), illegal, landings)


def _resolved(table: Table, landing_of: Mapping[int, int], arrival_of: Mapping[int, int],
              readings: Readings) -> ArmyFleetResolver:
    def resolver(*_: object) -> ArmyFleetResolver:
        return ArmyFleetResolver(table, landing_of, arrival_of, readings.box_entry_cuts,
                                 readings.ferry_aboard)
    first = resolver()
    first.run()
    if not first.kidnapped:
        return first
    # adjacent_convoy=1971 (a CREATE choice): a swap's disrupted convoy by another power's
    # fleet is not taken, the army goes by land (DATC 6.G.4), as in the engine's movement.
    again = overland_fallback(table.board.rules, table.board, table.legal, first, resolver)
    assert isinstance(again, ArmyFleetResolver)
    return again


def decide(rules: Rules, position: Position, orders: Orders, landings: list[Landing],
           readings: Readings) -> tuple[Run, list[Landing]]:
    """The month's final resolution, and the landings the Exception cancelled."""
    kept, cancelled = list(landings), list[Landing]()
    for landing in [x for x in landings if x.from_move]:
        n = kept.index(landing)
        with_it = run(rules, position, orders, kept, readings, frozenset({n}))
        without = [x for x in kept if x is not landing]
        without_it = run(rules, position, orders, without, readings, cancelled=[landing])
        moved_with = with_it.resolver.res[with_it.af_index(landing)]
        moved_without = without_it.resolver.res[without_it.af_index(landing)]
        if moved_with != moved_without:
            kept, cancelled = without, [*cancelled, landing]
    return run(rules, position, orders, kept, readings, cancelled=cancelled), cancelled
