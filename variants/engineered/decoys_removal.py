"""A decoy taken off the board as a unit is: removed in a Winter (by its owner's order or
by civil disorder) or disbanded in a retreat turn (rn45 C8 with B1, B3).

Everyone sees the piece go as a unit of its kind, where a decoy is its copy (2b:
"identical"), so the place named is the same whichever piece is the decoy. A decoy takes
no supply (B1, B3), so removing it pays for no military unit: were it simply removed, the
owner would keep one unit too many, and the next Winter's count (or the turn's waiting
for him) would tell everyone which piece it was (found by tests/secrecy/
test_adversary_decoy_removals.py, test_adversary_decoy_dislodged.py and
test_adversary_decoy_no_heir.py). Reading: the piece that goes counts as a military unit;
when it is a decoy, the unit paid for is the one civil disorder picks among the owner's
military units of the decoy's kind, or of any kind when he has none of it left, and the
decoy takes its place (and its look) there, unseen; the board then stands as in the game
where the piece removed was real. Each power's count of decoys stays what everyone saw
made and disbanded (8b, 8c), as DecoyVisibility.duties_public assumes. Only when the owner
has no military unit left at all does the decoy just go: how many pieces went and how
many of his were decoys are public, so everyone can tell that all he has left are decoys,
in whichever game; nothing is owed (a decoy disbanded by 8b or 8c costs nothing either).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.adjustments import civil_disorder_choice
from judge.engine.orders import Disband, Order
from judge.engine.outcome import OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import Unit

from .decoys import DecoyPassedOn, as_decoy, is_decoy


def decoys_passed_on(rules: Rules, out: PhaseOutcome) -> PhaseOutcome:
    """`out` with each decoy removed or disbanded passed on to a military unit, if its
    owner has one left."""
    units, told = list(out.position.units), []
    for result in out.results:
        gone = result.unit
        if gone is not None and _gone_decoy(result):
            heir = _heir(rules, out, units, gone)
            if heir is not None:
                units[units.index(heir)] = as_decoy(heir)
            told.append(DecoyPassedOn(gone, heir))
    return out._replace(position=out.position._replace(units=tuple(units)),
                        events=(*out.events, *told))


def _gone_decoy(result: OrderResult) -> bool:
    """A decoy taken off by a removal or disbanding that succeeded (ordered or not)."""
    return result.unit is not None and is_decoy(result.unit) \
        and isinstance(result.order, Disband) and result.outcome == Outcome.SUCCEEDS


def _heir(rules: Rules, out: PhaseOutcome, units: list[Unit], gone: Unit) -> Unit | None:
    """The military unit of the decoy's power that civil disorder would remove next: of the
    decoy's kind, else of any kind; None when he has none left (B3: army, navy, fighter)."""
    military = [u for u in units if u.power == gone.power and not is_decoy(u)
                and rules.kinds[u.kind].layer == "main"]
    same = [u for u in military if u.kind == gone.kind]
    for pool in (same, military):
        if pool:
            return civil_disorder_choice(rules, out.position, pool, gone.power)
    return None


class DecoyRetreats(WrappedPhase):
    """The retreat turn, where a dislodged decoy disbanded (ordered to, or sent no retreat,
    or with nowhere to go) is passed on as above."""

    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        return decoys_passed_on(rules, self.inner.adjudicate(rules, position, orders))
