"""The decisions of a movement phase as flat arrays, and what settles before any recursion.

DATC v3.0 chapter 5: every decision (a move, a support, a convoy) is an index into these
arrays; resolver.py holds the algorithm that decides them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from judge.engine.legality import Board, Checked
from judge.engine.native import mypyc_attr
from judge.engine.orders import Convoy, Move, Support
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

# Final: compiled (setup.py), a Final literal is inlined where it is used; any other
# module-level name is looked up in the module's dict at every use (issue #18).
HOLD: Final = 0
MOVE: Final = 1
SUPPORT: Final = 2
CONVOY: Final = 3
UNRESOLVED: Final = 0
GUESSING: Final = 1
RESOLVED: Final = 2


@mypyc_attr(allow_interpreted_subclasses=True)
class Decisions:
    """A phase's orders as flat arrays indexed like the board's units: what each unit does,
    where, for whom, and the state and value of its decision (resolver.py decides them)."""

    def __init__(self, rules: Rules, board: Board, orders: list[Checked | None],
                 strength: Mapping[Unit, int] | None = None) -> None:
        self.rules = rules
        # The board's units, index by province and powers (legality's Board), shared.
        self.units = board.units
        self.at = board.index
        n = len(self.units)
        self.province = rules.geo.province
        self.prov = list(self.at)
        self.power = board.powers
        # Each unit's own strength in attack, defence and support: 1, or a stack's size
        # (Envoy 5.v), given by the variant's handler.
        self.strength = [strength.get(u, 1) for u in self.units] if strength else [1] * n
        self.otype = [HOLD] * n
        self.dest: list[str] = [""] * n  # move: province entered; support: province supported into
        self.dest_loc: list[str] = [""] * n
        self.target = [-1] * n
        self.valid = [True] * n
        self.convoyed = [False] * n
        self.h2h = [-1] * n
        self.attackers: dict[str, list[int]] = {}
        # Sparse: most units are neither supported nor convoyed.
        self.supporters: dict[int, list[int]] = {}
        self.convoyers: dict[int, dict[str, int]] = {}
        self.state = [UNRESOLVED] * n
        self.res = [False] * n
        self.moves: list[int] = []  # units with a move, in board order
        # Moves the 1971 rules send by convoy only for a swap (DATC 4.A.3 a), which go by
        # land instead when that convoy is disrupted (6.G.4): resolve_movement's second pass.
        self.kidnapped: list[int] = []
        self.overland = board.overland
        supports, convoys = self._load(orders)
        # The decisions: units with a move, a support or a convoy, decided in board order.
        self.ordered = sorted([*self.moves, *supports, *convoys])
        if convoys:
            self._adjacent_convoys(orders, convoys)
        self._match(supports, convoys)

    def _load(self, orders: list[Checked | None]) -> tuple[list[int], list[int]]:
        """Fills the arrays from each unit's legal order (`orders`, by index, as
        check_movement gives them); returns the supporting units and the convoying ones."""
        province, attackers = self.province, self.attackers
        otype, dest, dest_loc, target = self.otype, self.dest, self.dest_loc, self.target
        moves, supports, convoys = self.moves, [], []
        for i, checked in enumerate(orders):
            if checked is None:
                continue
            norm = checked[3]  # the order with its coasts settled
            # type() is, not isinstance: orders are final classes, and this runs per unit.
            if type(norm) is Move:
                otype[i] = MOVE
                dest_loc[i] = norm.dest
                there = dest[i] = province[norm.dest]
                self.convoyed[i] = norm.via_convoy
                attackers.setdefault(there, []).append(i)
                moves.append(i)
            elif type(norm) is Support or type(norm) is Convoy:
                if type(norm) is Convoy:
                    otype[i] = CONVOY
                    convoys.append(i)
                else:
                    otype[i] = SUPPORT
                    supports.append(i)
                target[i] = self.at[province.get(norm.target) or province_of(norm.target)]
                if norm.dest:
                    dest_loc[i] = norm.dest
                    dest[i] = province[norm.dest]
        return supports, convoys

    def _adjacent_convoys(self, orders: list[Checked | None], convoys: list[int]) -> None:
        """DATC 4.A.3 (2000/2023 rules): a move to an adjacent province goes by convoy if
        "via convoy" was written or a fleet of the army's controller convoys it; by the
        1971 rules, if any fleet convoys it and the unit there moves the opposite way, unless
        a first pass found that convoy disrupted (`overland`: DATC 4.A.3 a, 6.G.4)."""
        rule = self.rules.rulebook.adjacent_convoy
        if rule == "via_only":
            return
        otype, dest, at, prov = self.otype, self.dest, self.at, self.prov
        for c in convoys:
            t = self.target[c]
            army, fleet = orders[t], orders[c]
            if otype[t] != MOVE or dest[t] != dest[c] or not army or not fleet:
                continue
            if rule == "1971":
                j = at.get(dest[t], -1)
                swap = j >= 0 and otype[j] == MOVE and dest[j] == prov[t]
                if swap and not self.convoyed[t] and prov[t] not in self.overland:
                    self.convoyed[t] = True
                    self.kidnapped.append(t)
            elif army[0] == fleet[0]:  # [0]: the power that gave the order
                self.convoyed[t] = True

    def _match(self, supports: list[int], convoys: list[int]) -> None:
        """Pairs head-to-head moves, marks void supports and convoys, and settles before
        any recursion what no other order can change: a lone move into an empty province,
        a support only its own country attacks (DATC 6.D.20), a convoy nobody attacks.
        Most orders of a real phase are one of these."""
        at, attackers, prov, dest = self.at, self.attackers, self.prov, self.dest
        otype, convoyed, state, res = self.otype, self.convoyed, self.state, self.res
        for i in self.moves:
            j = at.get(dest[i], -1)
            if j < 0:
                if not convoyed[i] and len(attackers[dest[i]]) == 1:
                    res[i], state[i] = True, RESOLVED
            elif otype[j] == MOVE and dest[j] == prov[i] and not convoyed[i] and not convoyed[j]:
                self.h2h[i] = j
        self._match_supports(supports)
        for c in convoys:
            self._match_convoy(c)

    def _match_supports(self, supports: list[int]) -> None:
        attackers, power, prov, dest, dest_loc = (
            self.attackers, self.power, self.prov, self.dest, self.dest_loc)
        otype, target, state, res = self.otype, self.target, self.state, self.res
        for i in supports:
            t = target[i]
            # The supported unit must move as supported, or not move for a support to hold;
            # a coast named in a support must match, none matches any (DATC 6.B.7-6.B.9,
            # 6.B.15). Tested in this loop rather than a method: a call less per support.
            if dest[i]:
                matches = otype[t] == MOVE and dest[t] == dest[i] and (
                    dest_loc[i] == dest[i] or dest_loc[i] == dest_loc[t])
            else:
                matches = otype[t] != MOVE
            if not matches:
                self.valid[i] = False
                continue
            self.supporters.setdefault(t, []).append(i)
            for m in attackers.get(prov[i], ()):
                if power[m] != power[i]:
                    break
            else:
                res[i], state[i] = True, RESOLVED

    def _match_convoy(self, c: int) -> None:
        t = self.target[c]
        if self.overland and self.prov[t] in self.overland and self.otype[t] == MOVE \
                and self.dest[t] == self.dest[c]:
            self._settle(c, False)  # the route a first pass found disrupted (DATC 6.G.4)
            return
        if not (self.otype[t] == MOVE and self.convoyed[t] and self.dest[t] == self.dest[c]):
            self.valid[c] = False
            return
        self.convoyers.setdefault(t, {})[self.prov[c]] = c
        if self.prov[c] not in self.attackers:
            self._settle(c, True)

    def _settle(self, i: int, value: bool) -> bool:
        self.res[i] = value
        self.state[i] = RESOLVED
        return value


def move_groups(attackers: Mapping[str, list[int]], power: Sequence[str]) -> dict[int, list[int]]:
    """Each move -> the moves of its power into its province, in board order (the same list
    object for all of them): the combined attacks of Envoy 5.v, for CombinedResolver."""
    out: dict[int, list[int]] = {}
    for movers in attackers.values():
        by_power: dict[str, list[int]] = {}
        for k in movers:
            members = out[k] = by_power.setdefault(power[k], [])
            members.append(k)
    return out
