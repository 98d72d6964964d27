"""Retreats of A/Fs and onto fleets (l.71-73), and into the Box (l.100-101).

- A dislodged army may retreat onto its power's fleet in a sea next to it, which becomes
  an A/F (a reading: its own power's fleet, as for embarkation).
- An A/F that retreats to a coast becomes a fleet; its army is disbanded.
- The Box takes any number of units, so it is open to every fleet and A/F next to it that
  was not dislodged from there, and to an army in the Azores onto its fleet there, and
  retreats into it never meet (the standard phase reads the Box's `holds`, which names
  armies too: an army retreating there goes aboard, l.72-73, 100-101).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.orders import Order
from judge.engine.outcome import Dislodgement
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import Unit, province_of

from .orders import ARMY, ARMY_FLEET, FLEET
from .table import box_places

Orders = Mapping[str, Sequence[Order]]


def widened(rules: Rules, after: Sequence[Unit], d: Dislodgement) -> Dislodgement:
    """`d` with its attacker's real province, and the retreats 1885-III adds."""
    came = None if d.attacker_from is None else d.attacker_from.split("#")[0].split("@")[0]
    geo, unit = rules.geo, d.unit
    near = {province_of(n) for n in geo.neighbours(rules.kinds[FLEET], unit.loc)}
    extra: list[str] = []
    if unit.kind == ARMY:
        # Not onto a fleet where the attack came from, as no unit retreats there (an
        # army in the Azores attacked from the Box, where its power may have a fleet).
        extra = [u.loc for u in after if u.power == unit.power and u.kind == FLEET
                 and province_of(u.loc) in near and geo.provinces[u.loc].terrain == "sea"
                 and u.loc != came]
    elif unit.kind in (FLEET, ARMY_FLEET):
        extra = [b for b in sorted(box_places(rules)) if b in near and b != came]
    retreats = {*d.retreats, *extra}
    if came is not None and came != d.attacker_from:
        # An attacker from the Box (`hob#1`) or a landing army (`eng@0`) has a key of its
        # own on the engine's board, so its province was not closed (DATC 6.H.1).
        retreats = {loc for loc in retreats if province_of(loc) != came}
    return d._replace(attacker_from=came, retreats=tuple(sorted(retreats)))


class ArmyFleetRetreats(WrappedPhase):
    """The standard retreat phase, which lets retreats into the Box stand together (its
    `holds`), then the army aboard or ashore."""

    def adjudicate(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        out = self.inner.adjudicate(rules, position, orders)
        after = out.position.with_board(tuple(_aboard(rules, list(out.position.units))))
        return out._replace(position=after)


def _aboard(rules: Rules, units: list[Unit]) -> list[Unit]:
    """An army that retreated onto a fleet joins it as an A/F: one fleet of its power
    there (the Box may hold several, and other powers'); an A/F on a coast is a fleet."""
    at_sea = [u for u in units if u.kind == ARMY and _is_sea(rules, u.loc)]
    out = [Unit(u.power, FLEET, u.loc, u.payload)
           if u.kind == ARMY_FLEET and not _is_sea(rules, u.loc) else u
           for u in units if u not in at_sea]
    for army in at_sea:
        k = next((i for i, u in enumerate(out)
                  if u.kind == FLEET and u.power == army.power and u.loc == army.loc), None)
        if k is not None:  # else no fleet is left to take it: it is lost, as a disband
            out[k] = Unit(out[k].power, ARMY_FLEET, out[k].loc, out[k].payload)
    return out


def _is_sea(rules: Rules, loc: str) -> bool:
    return rules.geo.provinces[province_of(loc)].terrain == "sea"
