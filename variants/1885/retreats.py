"""1885-III's retreats (Retreats and Removals a, l.83-87): "Retreats are made by Just's
Right-Hand Rule if a player fails to submit a Retreat order (unit retreats to first space
to right of attack, then first space to left of attack, then second space to right of
attack and so on). A player may not write an "Off the Board" or Disbands retreat order. A
unit will only be disbanded if no retreat is possible."

Readings (docs/variants/1885-iii.md):
- "Right" is clockwise by default: the unit faces the province the attack came from, and
  its right hand lies clockwise of it. The neighbours in clockwise order are
  clockwise.csv's. The text does not say which way the unit faces, so the game option
  `right_hand = "anticlockwise"` turns it round: its back to the attack, as it retreats
  away from it, its right hand lies anticlockwise of the attack.
- An attack convoyed from a province that is no neighbour comes from none of the
  neighbours: the count starts from the north, the first neighbour to the right of north
  (clockwise, or anticlockwise with that option) being "first to the right".
- A retreat order that cannot be carried out is no retreat order: the rule retreats the
  unit, and the order is reported refused.
- An A/F the rule retreats (l.71-72: "If an A/F is forced to retreat to a coastal space,
  it reverts to a fleet and the army is disbanded") goes to a sea, the rule's first open
  one, whenever one is open: "forced" is read as "no sea left", and "A unit will only be
  disbanded if no retreat is possible" (l.86-87) keeps the army too. The game option
  `af_retreat = "right_hand"` lets the rule walk seas and coasts alike, a coast first
  if it comes first, drowning the army.
- Two units whose players order them into one province both disband, as in the regular
  game (the text does not say otherwise), except in the Box, which holds any number
  (l.100-101; the standard phase reads the map's `holds`). The rule itself sends no unit
  where another retreats: "A unit will only be disbanded if no retreat is possible"
  (l.86-87), so a space another unit is ordered or ruled into is not open to it, and the
  rule takes its next one (a unit with none left stays unordered and is disbanded alone).
  Which ruled unit goes first the text does not say: the one with the fewest open spaces
  (then by province), so that the rule disbands no unit it could keep. The game option
  `right_hand_clash = "both_disband"` lets the rule send two units to one space, both lost.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from pathlib import Path

from judge.engine.orders import Disband, Order, Retreat
from judge.engine.outcome import Dislodgement, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import province_of

from .armyfleet.orders import ARMY_FLEET  # type: ignore[import-not-found]

CLOCKWISE = Path(__file__).resolve().parent / "clockwise.csv"
RIGHT_HAND = "Just's Right-Hand Rule"
NO_DISBAND = ("a retreat may not be a disband or off the board in 1885-III (l.85-86): "
              "without a retreat, Just's Right-Hand Rule retreats the unit")


def read_clockwise(path: Path = CLOCKWISE) -> dict[str, tuple[str, ...]]:
    with open(path, newline="", encoding="utf-8") as f:
        return {r["id"]: tuple(r["clockwise"].split()) for r in csv.DictReader(f)}


def right_hand_order(around: Sequence[str], attack: str | None) -> list[str]:
    """The neighbours in the rule's order: first right of the attack, first left, second
    right, second left ..."""
    n = len(around)
    at = around.index(attack) if attack in around else -1
    if at < 0:  # from no neighbour: count from the north, before the first neighbour
        ordered = [around[k // 2] if k % 2 == 0 else around[n - 1 - k // 2] for k in range(n)]
    else:
        ordered = [around[(at + k) % n] if side == 0 else around[(at - k) % n]
                   for k in range(1, n) for side in (0, 1)]
    seen: list[str] = []
    for p in ordered:
        if p not in seen and p != attack:
            seen.append(p)
    return seen


def right_hand_retreat(clockwise: Mapping[str, Sequence[str]], d: Dislodgement,
                       first: Sequence[str] = ()) -> str | None:
    """Where the rule sends a dislodged unit: the first space in its order that the unit
    may retreat to (a location of `d.retreats`), or None: no retreat is possible; the
    first of `first` (locations among them) if any is, before the others."""
    attack = province_of(d.attacker_from) if d.attacker_from else None
    order = right_hand_order(clockwise.get(province_of(d.unit.loc), ()), attack)
    for pool in (first, d.retreats):
        by_province = {province_of(loc): loc for loc in pool}
        found = next((by_province[p] for p in order if p in by_province), None)
        if found is not None:
            return found
    return None


CLOCKWISE_ORDER = read_clockwise()


class RightHandRetreats(WrappedPhase):
    """The regular retreat phase, after the rule has filled in the retreats not given;
    `anticlockwise`: the game option `right_hand = "anticlockwise"` (the module's note)."""

    def __init__(self, inner: PhaseHandler, anticlockwise: bool = False,
                 seas_first: bool = True, avoid_clash: bool = True) -> None:
        super().__init__(inner)
        self.avoid_clash = avoid_clash  # right_hand_clash = "avoid" (the module's note)
        self.seas_first = seas_first  # af_retreat = "seas_first" (the module's note)
        self.clockwise: Mapping[str, Sequence[str]] = CLOCKWISE_ORDER if not anticlockwise \
            else {p: tuple(reversed(around)) for p, around in CLOCKWISE_ORDER.items()}

    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        by_prov = {province_of(d.unit.loc): d for d in position.dislodged}
        kept: dict[str, list[Order]] = {}
        refused: list[OrderResult] = []
        given: set[str] = set()
        for power, written in orders.items():
            for order in written:
                why = self._refusal(by_prov, power, order)
                if why:
                    d = by_prov.get(province_of(order.loc))
                    refused.append(OrderResult(power, d.unit if d else None, order, "",
                                               Outcome.ILLEGAL, Reason.ILLEGAL, why))
                    continue
                kept.setdefault(power, []).append(order)
                d = by_prov.get(province_of(order.loc))
                if d is not None and d.unit.power == power:  # another's order is refused
                    given.add(province_of(order.loc))
        ordered = {province_of(o.dest) for p, os in kept.items() for o in os
                   if isinstance(o, Retreat) and province_of(o.loc) in given
                   and by_prov[province_of(o.loc)].unit.power == p}
        pending = {p: d for p, d in by_prov.items() if p not in given}
        ruled = self._rule(rules, pending, kept, ordered)
        out = self.inner.adjudicate(rules, position, kept)
        # One object per result in both (the protocol tells events from results by identity).
        marked = {id(r): _mark(r, ruled) for r in out.results}
        events = tuple(marked.get(id(e), e) for e in out.events)
        return out._replace(results=(*refused, *marked.values()), events=(*refused, *events))

    def _rule(self, rules: Rules, pending: dict[str, Dislodgement],
              kept: dict[str, list[Order]], ordered: set[str]) -> set[str]:
        """Adds the rule's retreat for each unit of `pending` to `kept`; returns their
        provinces. With avoid_clash, the spaces of `ordered` (the players' own retreats)
        and of the rule's earlier ones are not open (the module's note)."""
        taken = {p for p in ordered if not _holds_many(rules, p)} if self.avoid_clash \
            else set()
        ruled: set[str] = set()
        while pending:
            prov = min(pending, key=lambda p: (self._open(pending[p], taken), p))
            d = pending.pop(prov)
            dest = self._dest(rules, d, taken)
            if dest is None:
                continue
            kept.setdefault(d.unit.power, []).append(Retreat(d.unit.loc, dest, d.unit.kind))
            ruled.add(prov)
            if self.avoid_clash and not _holds_many(rules, dest):
                taken.add(province_of(dest))
        return ruled

    def _dest(self, rules: Rules, d: Dislodgement, taken: set[str]) -> str | None:
        free = d._replace(retreats=tuple(r for r in d.retreats
                                         if province_of(r) not in taken))
        return right_hand_retreat(self.clockwise, free, self._first(rules, free))

    def _open(self, d: Dislodgement, taken: set[str]) -> int:
        if not self.avoid_clash:
            return 0
        return len({province_of(r) for r in d.retreats} - taken)

    def _first(self, rules: Rules, d: Dislodgement) -> list[str]:
        """An A/F's seas, which keep its army (l.71-72), under `af_retreat=seas_first`."""
        if not self.seas_first or d.unit.kind != ARMY_FLEET:
            return []
        return [loc for loc in d.retreats
                if rules.geo.provinces[province_of(loc)].terrain == "sea"]

    @staticmethod
    def _refusal(by_prov: Mapping[str, Dislodgement], power: str, order: Order) -> str:
        if isinstance(order, Disband):
            return NO_DISBAND
        d = by_prov.get(province_of(order.loc))
        if isinstance(order, Retreat) and d is not None and d.unit.power == power and \
                province_of(order.dest) not in {province_of(r) for r in d.retreats}:
            allowed = ", ".join(sorted(d.retreats)) or "nowhere"
            return f"{d.unit} cannot retreat to {province_of(order.dest)}; it may retreat " \
                   f"to {allowed}, and Just's Right-Hand Rule retreats it"
        return ""


def _holds_many(rules: Rules, loc: str) -> bool:
    """The Box takes any number of retreating fleets (l.100-101: the map's `holds`)."""
    return bool(rules.geo.provinces[province_of(loc)].holds)


def _mark(result: OrderResult, ruled: set[str]) -> OrderResult:
    """A retreat the rule ordered is the rules' doing, not the player's."""
    if result.unit is None or province_of(result.unit.loc) not in ruled:
        return result
    return result._replace(unordered=True, message=result.message or RIGHT_HAND)
