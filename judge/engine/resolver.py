"""Movement resolution: DATC v3.0 chapter 5, the guess algorithm of section 5.F.

Every decision (a move, a support, a convoy) is an index into flat arrays; `_resolve` is
the generic function of 5.F (second version, with `recursion_hits` so that only the
ancestor of a whole cycle guesses twice) and `_move`, `_support`, `_convoy` the rule-specific
ones of 5.B.
"""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.convoys import route_exists
from judge.engine.legality import Checked
from judge.engine.orders import Convoy, Move, Support
from judge.engine.position import Position
from judge.engine.rulebook import ConvoyDisruption
from judge.engine.rules import Rules
from judge.engine.types import province_of

HOLD, MOVE, SUPPORT, CONVOY = 0, 1, 2, 3
_NO_FLEETS: dict[str, int] = {}
UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2


class Resolver:
    def __init__(self, rules: Rules, position: Position, orders: Mapping[str, Checked]) -> None:
        self.rules = rules
        self.units = rules.main_units(position)
        n = len(self.units)
        self.province = rules.geo.province
        self.prov = [self.province[u.loc] for u in self.units]
        self.power = [u.power for u in self.units]
        self.at = {p: i for i, p in enumerate(self.prov)}
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
        self.paradox: set[int] = set()
        self.paths: dict[int, bool] = {}
        self.cycle: list[int] = []
        self.guess_based = False
        self.recursion_hits = 0
        self._deciders = (self._hold_decision, self._move, self._support, self._convoy)
        self._load(orders)

    # --- setting up -------------------------------------------------------------------

    def _load(self, orders: Mapping[str, Checked]) -> None:
        at, province, attackers = self.at, self.province, self.attackers
        otype, dest, dest_loc = self.otype, self.dest, self.dest_loc
        convoys = False
        for prov, checked in orders.items():
            i = at[prov]
            norm = checked.norm
            # type() is, not isinstance: orders are final classes, and this runs per unit.
            if type(norm) is Move:
                otype[i] = MOVE
                dest_loc[i] = norm.dest
                there = dest[i] = province[norm.dest]
                self.convoyed[i] = norm.via_convoy
                attackers.setdefault(there, []).append(i)
            elif type(norm) is Support or type(norm) is Convoy:
                is_convoy = type(norm) is Convoy
                convoys = convoys or is_convoy
                otype[i] = CONVOY if is_convoy else SUPPORT
                target = norm.target
                self.target[i] = at[province.get(target) or province_of(target)]
                dest[i] = province[norm.dest] if norm.dest else ""
                dest_loc[i] = norm.dest or ""
        if convoys:
            self._adjacent_convoys(orders)
        self._match()

    def _adjacent_convoys(self, orders: Mapping[str, Checked]) -> None:
        """DATC 4.A.3 (2000/2023 rules): a move to an adjacent province goes by convoy if
        "via convoy" was written or a fleet of the army's controller convoys it."""
        if self.rules.rulebook.adjacent_convoy != "via_or_own_fleet":
            return
        for prov, checked in orders.items():
            c = self.at[prov]
            t = self.target[c]
            if self.otype[c] == CONVOY and self.otype[t] == MOVE and self.dest[t] == self.dest[c]:
                army = orders[self.prov[t]]
                if army.power == checked.power:
                    self.convoyed[t] = True

    def _match(self) -> None:
        """Pairs head-to-head moves, marks void supports and convoys, and settles before
        any recursion what no other order can change: a lone move into an empty province,
        a support only its own country attacks (DATC 6.D.20), a convoy nobody attacks.
        Most orders of a real phase are one of these."""
        at, attackers, power, prov, dest = self.at, self.attackers, self.power, self.prov, self.dest
        otype, convoyed, state, res = self.otype, self.convoyed, self.state, self.res
        for i, kind in enumerate(otype):
            if kind == MOVE:
                j = at.get(dest[i], -1)
                if j < 0:
                    if not convoyed[i] and len(attackers[dest[i]]) == 1:
                        res[i], state[i] = True, RESOLVED
                elif otype[j] == MOVE and dest[j] == prov[i] and not convoyed[i] \
                        and not convoyed[j]:
                    self.h2h[i] = j
            elif kind == SUPPORT:
                if not self._support_matches(i):
                    self.valid[i] = False
                    continue
                self.supporters.setdefault(self.target[i], []).append(i)
                for m in attackers.get(prov[i], ()):
                    if power[m] != power[i]:
                        break
                else:
                    res[i], state[i] = True, RESOLVED
            elif kind == CONVOY:
                self._match_convoy(i)

    def _match_convoy(self, c: int) -> None:
        t = self.target[c]
        if not (self.otype[t] == MOVE and self.convoyed[t] and self.dest[t] == self.dest[c]):
            self.valid[c] = False
            return
        self.convoyers.setdefault(t, {})[self.prov[c]] = c
        if self.prov[c] not in self.attackers:
            self._settle(c, True)

    def _support_matches(self, s: int) -> bool:
        t = self.target[s]
        if not self.dest[s]:
            return self.otype[t] != MOVE
        if self.otype[t] != MOVE or self.dest[t] != self.dest[s]:
            return False
        # DATC 6.B.7-6.B.9, 6.B.15: a coast named in a support must match; none matches any.
        return self.dest_loc[s] == self.dest[s] or self.dest_loc[s] == self.dest_loc[t]

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
        if not self.guess_based:
            self.guess_based = old_guess
            return self._settle(i, first)
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

    def _settle(self, i: int, value: bool) -> bool:
        self.res[i] = value
        self.state[i] = RESOLVED
        return value

    def _backup_rule(self, cycle: list[int]) -> None:
        """DATC 5.B.9: a convoy paradox (Szykman rule, DATC 4.A.2) or circular movement;
        any other cycle (possible only in variants) fails as a whole."""
        convoys = [o for o in cycle if self.otype[o] == CONVOY]
        if convoys:
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
        one_route_enough = self.rules.rulebook.convoy_disruption == ConvoyDisruption.ALL_ROUTES
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
                n += 1
        return n

    def attack(self, i: int) -> int:
        if not self.path(i):
            return 0
        j = self.at.get(self.dest[i], -1)
        if j < 0 or (self.h2h[i] < 0 and self.otype[j] == MOVE and self.resolve(j)):
            return 1 + self._supports(i)
        if self.power[j] == self.power[i]:
            return 0  # DATC 6.D.10: no self-dislodgement
        return 1 + self._supports(i, against=self.power[j])  # DATC 6.D.12

    def defend(self, j: int) -> int:
        return 1 + self._supports(j)

    def prevent(self, k: int) -> int:
        if not self.path(k):
            return 0
        j = self.h2h[k]
        if j >= 0 and self.resolve(j):
            return 0  # DATC 4.A.7 b: only a head-to-head loser loses its effect
        return 1 + self._supports(k)

    def hold(self, prov: str) -> int:
        j = self.at.get(prov, -1)
        if j < 0:
            return 0
        if self.otype[j] == MOVE:
            return 0 if self.resolve(j) else 1
        return 1 + self._supports(j)

    def run(self) -> None:
        state, valid = self.state, self.valid
        for i, kind in enumerate(self.otype):
            if kind != HOLD and valid[i] and state[i] != RESOLVED:
                self.resolve(i)
