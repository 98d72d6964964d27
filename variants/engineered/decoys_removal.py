"""A decoy taken off the board by civil disorder (rn45 C8 with the 2023 removal rule).

Civil disorder picks the piece to remove on the board as every reader sees it, where a
decoy is its copy (2b: "identical"), so the place named is the same whichever piece is the
decoy. A decoy takes no supply (B1, B3), so removing it pays for no military unit: were it
simply removed, the owner would keep one unit too many, and the next Winter's count (or
the turn's waiting for him) would tell everyone which piece it was (found by
tests/secrecy/test_adversary_decoy_removals.py). Reading: when the piece removed is a
decoy, the military unit paid for is the one civil disorder picks among the owner's
units of the decoy's kind, and the decoy takes its place there, unseen; the board then
stands as in the game where the piece removed was the real unit and the other the decoy.
"""

from __future__ import annotations

from judge.engine.adjustments import CIVIL_DISORDER, civil_disorder_choice
from judge.engine.rules import PhaseOutcome, Rules
from judge.engine.types import Unit

from .decoys import as_decoy, is_decoy


def decoys_removed_in_disorder(rules: Rules, out: PhaseOutcome) -> PhaseOutcome:
    """`out` with each decoy civil disorder removed passed on to a unit of its kind."""
    units = list(out.position.units)
    for result in out.results:
        gone = result.unit
        if gone is None or not (result.unordered and result.message == CIVIL_DISORDER
                                and is_decoy(gone)):
            continue
        heir = _heir(rules, out, units, gone)
        if heir is not None:
            units[units.index(heir)] = as_decoy(heir)
    return out._replace(position=out.position._replace(units=tuple(units)))


def _heir(rules: Rules, out: PhaseOutcome, units: list[Unit], gone: Unit) -> Unit | None:
    """The unit of the decoy's power and kind that civil disorder would remove next."""
    same = [u for u in units if u.power == gone.power and u.kind == gone.kind
            and not is_decoy(u)]
    return civil_disorder_choice(rules, out.position, same, gone.power) if same else None
