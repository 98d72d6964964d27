"""The movement resolver of rn45 C7 and C8 8a: DATC's Resolver with the unit power chart.

  Unit          Move  Support  Hold   Damage
  Fighter        0       1      0     cuts all support
  Army or Navy   1       1      1        -

A decoy has zero power in all of them and cannot receive support (8a). A unit of zero
moving power moves only when unopposed, or with more support than its opposition (7d); a
fighter holds against a moving army or navy only with support (7b: its hold is 0 plus its
supports); a fighter's support is never cut by an attack on its field, however it ends
(7a, 7e), but by damage only (7f, 7g: damage.py).
"""

from __future__ import annotations

from judge.engine.decisions import MOVE, RESOLVED, SUPPORT
from judge.engine.legality import Board, Checked
from judge.engine.resolver import Resolver
from judge.engine.rules import Rules
from judge.engine.types import Unit

from .damage import Damage, Struck, damage_cuts
from .decoys import is_decoy
from .fighters import is_fighter


def moving_power(unit: Unit) -> int:
    return 0 if is_fighter(unit) or is_decoy(unit) else 1


def support_power(unit: Unit) -> int:
    return 0 if is_decoy(unit) else 1


class FighterResolver(Resolver):
    def __init__(self, rules: Rules, board: Board, orders: list[Checked | None]) -> None:
        units = board.units
        super().__init__(rules, board, orders, {u: moving_power(u) for u in units})
        self.fighter = [is_fighter(u) for u in units]
        self.lend = [support_power(u) for u in units]
        self.unsupportable = [is_decoy(u) for u in units]
        # Each damage order's unit -> whether it matched a move or unit (else it is void).
        self.damaged: dict[int, bool] = {}
        self._damage(orders)
        self._fighter_supports()

    def _damage(self, orders: list[Checked | None]) -> None:
        struck: list[Struck] = []
        for i, checked in enumerate(orders):
            if checked is not None and type(checked[3]) is Damage:
                hit = self._struck(checked[3])
                self.damaged[i] = hit is not None
                if hit is not None:
                    struck.append(hit)
        cut = damage_cuts(struck, lambda t: self.supporters.get(t, ()),
                          lambda s: self.fighter[s], lambda t: self.otype[t] == SUPPORT)
        for s in cut:
            if self.valid[s]:
                self._settle(s, False)

    def _struck(self, order: Damage) -> Struck | None:
        """The move or unit a damage order hits, if its target does what it names."""
        t = self.at.get(self.province.get(order.target, order.target), -1)
        if t < 0:
            return None
        if order.dest is None:
            return None if self.otype[t] == MOVE else Struck(t, False)
        if self.otype[t] == MOVE and self.dest[t] == self.province.get(order.dest, order.dest):
            return Struck(t, True)
        return None

    def _fighter_supports(self) -> None:
        """7a, 7e: nothing but damage cuts a fighter's support, so it is settled at once."""
        for s, given in enumerate(self.fighter):
            if given and self.otype[s] == SUPPORT and self.valid[s] and self.state[s] != RESOLVED:
                self._settle(s, True)

    def _supports(self, i: int, against: str | None = None) -> int:
        if self.unsupportable[i]:
            return 0  # 8a: a decoy cannot receive support
        n = 0
        for s in self.supporters.get(i, ()):
            if self.power[s] != against and self.resolve(s):
                n += self.lend[s]
        return n

    def _move(self, i: int) -> bool:
        if self.strength[i] > 0:
            return super()._move(i)
        return self._zero_move(i)

    def _zero_move(self, i: int) -> bool:
        """7d: zero moving power moves only unopposed, or with more support than each
        opposing unit has power (a unit staying in the way, one facing it, another mover)."""
        attack, opposed = self.attack(i), False
        j = self.at.get(self.dest[i], -1)
        if j >= 0 and (self.h2h[i] >= 0 or not (self.otype[j] == MOVE and self.resolve(j))):
            opposed = True
            if attack <= (self.defend(j) if self.h2h[i] >= 0 else self.hold(self.dest[i])):
                return False
        for k in self.attackers[self.dest[i]]:
            if k != i and self._contests(k):
                opposed = True
                if attack <= self.prevent(k):
                    return False
        return attack > 0 or not opposed

    def stands_off(self, i: int) -> bool:
        """A failed move of zero power that opposed another move into the same area (7d:
        zero against zero is a bounce) left a standoff there, as the 1971 rules' equally
        supported units do: no unit retreats into the area that Spring or Fall."""
        if super().stands_off(i):
            return True
        return self._contests(i) and any(k != i and self._contests(k)
                                         for k in self.attackers[self.dest[i]])

    def _contests(self, k: int) -> bool:
        """Whether another move into the same province opposes (a bounce of zero against
        zero included): not one without its convoy, nor a head-to-head loser."""
        if self.convoyed[k] and not self.path(k):
            return False
        j = self.h2h[k]
        return not (j >= 0 and self.resolve(j))
