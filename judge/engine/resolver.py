"""Movement resolution: DATC v3.0 chapter 5, the guess algorithm of section 5.F.

Every decision (a move, a support, a convoy) is an index into flat arrays; `_resolve` is
the generic function of 5.F (second version, with `recursion_hits` so that only the
ancestor of a whole cycle guesses twice) and `_move`, `_support`, `_convoy` the rule-specific
ones of 5.B.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from judge.engine.convoys import route_exists
from judge.engine.decisions import (
    CONVOY,
    GUESSING,
    HOLD,
    MOVE,
    RESOLVED,
    SUPPORT,
    UNRESOLVED,
    Decisions,
    move_groups,
)
from judge.engine.legality import Board, Checked
from judge.engine.native import mypyc_attr
from judge.engine.rulebook import ConvoyDisruption, ParadoxRule
from judge.engine.rules import Rules
from judge.engine.types import Unit

__all__ = ["CONVOY", "HOLD", "MOVE", "SUPPORT", "CombinedResolver", "Resolver"]

_NO_FLEETS: Final[dict[str, int]] = {}
# An enum member looked up on its class costs about a function call on Python 3.11.
_ALL_ROUTES: Final = ConvoyDisruption.ALL_ROUTES
_ALL_HOLD: Final = ParadoxRule.ALL_HOLD
_RULE_1971: Final = ParadoxRule.RULE_1971


@mypyc_attr(allow_interpreted_subclasses=True)
class Resolver(Decisions):
    def __init__(self, rules: Rules, board: Board, orders: list[Checked | None],
                 strength: Mapping[Unit, int] | None = None) -> None:
        super().__init__(rules, board, orders, strength)
        self.paradox: set[int] = set()
        self.paths: dict[int, bool] = {}
        self.cycle: list[int] = []
        self.guess_based = False
        self.recursion_hits = 0
        self._deciders = (self._hold_decision, self._move, self._support, self._convoy)

    # --- the generic resolve of DATC 5.F ------------------------------------------------

    def resolve(self, i: int) -> bool:
        if self.state[i] == RESOLVED:
            return self.res[i]
        if i in self.cycle:
            self.guess_based = True
            return self.res[i]
        if self.state[i] == GUESSING:
            self.cycle.append(i)
            self.guess_based = True
            self.recursion_hits += 1
            return self.res[i]
        return self._resolve_fresh(i)

    def _resolve_fresh(self, i: int) -> bool:
        self.state[i] = GUESSING
        old_len, old_guess, old_hits = len(self.cycle), self.guess_based, self.recursion_hits
        self.guess_based = False
        self.res[i] = False
        first = self._deciders[self.otype[i]](i)
        if not self.guess_based:  # the common case: settled, as _settle does, one call less
            self.guess_based = old_guess
            self.res[i] = first
            self.state[i] = RESOLVED
            return first
        if i in self.cycle:
            self.recursion_hits -= 1
        if self.recursion_hits == old_hits:
            return self._retry(i, first, old_len, old_guess)
        if i not in self.cycle:
            self.cycle.append(i)
        self.res[i] = first
        self._unvisit(i)
        return first

    def _retry(self, i: int, first: bool, old_len: int, old_guess: bool) -> bool:
        """This order is the ancestor of the whole cycle: try the other guess."""
        del self.cycle[old_len:]
        self.res[i] = True
        second = self._deciders[self.otype[i]](i)
        if first == second:
            del self.cycle[old_len:]
            self.guess_based = old_guess
            return self._settle(i, first)
        self._backup_rule(self.cycle[old_len:])
        del self.cycle[old_len:]
        self.guess_based = old_guess
        self._unvisit(i)
        return self.resolve(i)

    def _unvisit(self, i: int) -> None:
        # DATC 5.F keeps `visited` and `resolved` apart: the backup rule may have settled i.
        if self.state[i] == GUESSING:
            self.state[i] = UNRESOLVED

    def _backup_rule(self, cycle: list[int]) -> None:
        """DATC 5.B.9: a convoy paradox (DATC 4.A.2: the Szykman rule, or the All Hold rule)
        or circular movement; any other cycle (possible only in variants) fails as a whole."""
        convoys = [o for o in cycle if self.otype[o] == CONVOY]
        if convoys and self.rules.rulebook.paradox == _ALL_HOLD:
            for o in cycle:  # DATC 4.A.2, the 'All Hold' rule: the whole paradox fails
                self._settle(o, False)
                self.paradox.add(o)
        elif convoys:
            for c in convoys:
                self._settle(c, False)
                self.paradox.add(c)
        elif all(self.otype[o] == MOVE for o in cycle):
            for o in cycle:
                self._settle(o, True)
        else:
            for o in cycle:
                self._settle(o, False)

    # --- the decisions of DATC 5.B ------------------------------------------------------

    def _hold_decision(self, i: int) -> bool:
        raise AssertionError("a hold is never a decision")  # never resolved, by construction

    def _move(self, i: int) -> bool:
        attack = self.attack(i)
        if attack == 0:
            return False
        j = self.h2h[i]
        if attack <= (self.defend(j) if j >= 0 else self.hold(self.dest[i])):
            return False
        # A plain loop rather than all() over a generator: this runs for every contested move.
        for k in self.attackers[self.dest[i]]:  # noqa: SIM110
            if k != i and attack <= self.prevent(k):
                return False
        return True

    def _support(self, s: int) -> bool:
        here, power, into = self.prov[s], self.power[s], self.dest[s]
        for m in self.attackers.get(here, ()):
            if self.power[m] == power:
                continue  # DATC 6.D.20: a unit cannot cut its own country's support
            if self.prov[m] == into:
                # DATC 6.D.15, 4.A.4: the attacked unit cannot cut the support against it
                # (also when convoyed), unless it dislodges the supporter.
                if self.resolve(m):
                    return False
            elif self.convoyed[m] and into in self.convoyers.get(m, _NO_FLEETS) \
                    and self.rules.rulebook.paradox == _RULE_1971:
                continue  # the 1971 rulebook's XII.5 (DATC 4.A.2, 6.F.17)
            elif self.path(m):
                return False
        return True

    def _convoy(self, c: int) -> bool:
        # DATC 5.D: call the decision, not resolve, on attackers of a convoying fleet so
        # that every cycle through a convoy is a clean single cycle (Pandin's paradox).
        return not any(self._move(m) for m in self.attackers.get(self.prov[c], ()))

    def path(self, i: int) -> bool:
        if not self.convoyed[i]:
            return True
        known = self.paths.get(i)
        if known is not None:
            return known
        fleets = self.convoyers.get(i, _NO_FLEETS)
        one_route_enough = self.rules.rulebook.convoy_disruption == _ALL_ROUTES
        if not one_route_enough and not all(self.resolve(c) for c in fleets.values()):
            found = False
        else:
            found = route_exists(self.rules.convoy_adjacency, self.prov[i], self.dest[i],
                                 lambda q: q in fleets and self.resolve(fleets[q]))
        if all(self.state[c] == RESOLVED for c in fleets.values()):
            self.paths[i] = found  # final once every fleet's convoy is
        return found

    def _supports(self, i: int, against: str | None = None) -> int:
        n = 0
        for s in self.supporters.get(i, ()):
            if self.power[s] != against and self.resolve(s):
                n += self.strength[s]
        return n

    def attack(self, i: int) -> int:
        if self.convoyed[i] and not self.path(i):  # path() is True by land: no call
            return 0
        j = self.at.get(self.dest[i], -1)
        if j < 0 or (self.h2h[i] < 0 and self.otype[j] == MOVE and self.resolve(j)):
            return self.strength[i] + self._supports(i)
        if self.power[j] == self.power[i]:
            return 0  # DATC 6.D.10: no self-dislodgement
        return self.strength[i] + self._supports(i, against=self.power[j])  # DATC 6.D.12

    def defend(self, j: int) -> int:
        return self.strength[j] + self._supports(j)

    def prevent(self, k: int) -> int:
        if self.convoyed[k] and not self.path(k):
            return 0
        j = self.h2h[k]
        if j >= 0 and self.resolve(j):
            return 0  # DATC 4.A.7 b: only a head-to-head loser loses its effect
        return self.strength[k] + self._supports(k)

    def stands_off(self, i: int) -> bool:
        """Whether the failed move `i` had effect in its destination, so that a unit may not
        retreat there (DATC 6.H.6): it prevented another. A variant whose units of zero
        strength still bounce each other says so here."""
        return self.prevent(i) > 0

    def hold(self, prov: str) -> int:
        j = self.at.get(prov, -1)
        if j < 0:
            return 0
        if self.otype[j] == MOVE:
            return 0 if self.resolve(j) else self.strength[j]
        return self.strength[j] + self._supports(j)

    def run(self) -> None:
        state, valid = self.state, self.valid
        for i in self.ordered:
            if valid[i] and state[i] != RESOLVED:
                self.resolve(i)


@mypyc_attr(allow_interpreted_subclasses=True)
class CombinedResolver(Resolver):
    """A power's moves into one province are one attack (Envoy 5.v: "two diplomats moving
    to the same space do so with the strength of two"; docs/variants/envoy.md).

    Each group (one or more moves) is decided by its first member, the others following
    it; its attack and prevent strengths are its members' sums. A unit of its own power
    staying in the province does not resist it: the group joins it (5.v allows several
    diplomats in a space). Standard Diplomacy uses Resolver, which this leaves untouched."""

    def __init__(self, rules: Rules, board: Board, orders: list[Checked | None],
                 strength: Mapping[Unit, int] | None = None) -> None:
        super().__init__(rules, board, orders, strength)
        self.group = move_groups(self.attackers, self.power)

    def _move(self, i: int) -> bool:
        members = self.group[i]
        if members[0] != i:
            return self.resolve(members[0])
        attack = self.attack(i)
        if attack == 0 or not self._passes(i, members, attack):
            return False
        power = self.power[i]
        for k in self.attackers[self.dest[i]]:
            if power != self.power[k] and self.group[k][0] == k and attack <= self.prevent(k):
                return False
        return True

    def _passes(self, i: int, members: list[int], attack: int) -> bool:
        """Whether the group beats the unit in the province it enters, if any."""
        j = self.at.get(self.dest[i], -1)
        if j < 0:
            return True
        m = _facing(self.h2h, members)
        if m >= 0:
            # Reading chosen: if each side beats the other's defence, neither passes; two
            # units still cannot swap places (1971 rules, DATC 6.C.3).
            return attack > self.defend(j) and self.attack(j) <= self.defend(m)
        return self.power[j] == self.power[i] or attack > self.hold(self.dest[i])

    def attack(self, i: int) -> int:
        members = self.group[i]
        j = self.at.get(self.dest[i], -1)
        if j < 0:
            return self._sum(members, None)
        facing = _facing(self.h2h, members) >= 0
        if self.power[j] == self.power[i]:
            return 0 if facing else self._sum(members, None)  # DATC 6.D.10; else 5.v: joins
        if not facing and self.otype[j] == MOVE and self.resolve(j):
            return self._sum(members, None)
        return self._sum(members, self.power[j])  # DATC 6.D.12

    def prevent(self, k: int) -> int:
        return sum([Resolver.prevent(self, m) for m in self.group[k]])

    def _sum(self, members: list[int], against: str | None) -> int:
        return sum([self.strength[m] + self._supports(m, against)
                    for m in members if self.path(m)])


def _facing(h2h: list[int], members: list[int]) -> int:
    """The member in a head-to-head with the province's unit (at most one: the unit moves
    into one member's province), or -1."""
    for m in members:
        if h2h[m] >= 0:
            return m
    return -1
