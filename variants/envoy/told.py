"""Events a Secret or Stab Envoy reader is given in part: what an event would tell him
beyond his rules is taken out of the event itself (visibility.py gives him the rest).

- Rule 9 with 11: another player's builds left unused are not counted to the reader, since
  a build spent on a hidden diplomat is also a build of no army or fleet (issue #13 item 9).
- Rule 12e: a player is told the changes of his own countries' centres, but of the other
  side of a change only what he saw: who took his centre when he saw the taker's unit stand
  in it at the turn's end (on his board, or in the results and sightings of the turn, or,
  after retreats, as the unit of another side that dislodged a unit whose retreat he reads:
  their meeting was told with the moves, 12d), and never whom he took one from (issue #13
  item 4). The other side reads `UNSEEN`.
- Rule 12: a removal its writer addressed to a unit he cannot see reads as one naming an
  empty province (issue #13 item 2), as the reply to it does (judge/game/ordering.py).
- Rule 12d ("the fact that it may be supported by or be supporting another unit will not
  be reported"): a support or convoy its writer gave a unit he cannot see reads as one
  naming an empty province, void, as it did when nothing stood there (adversary advsec4:
  "A Ven S A Tyr" was void or not as an unseen army stood in Tyrolia). A diplomat's
  support that matches another player's diplomats is a contact (contact.py), which shows
  them, so it is told as it went.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

from judge.engine.orders import Convoy, Disband, Move, Retreat, Support
from judge.engine.outcome import Adjustment, CentreChange, OrderResult, Outcome, Reason
from judge.engine.reasons import NO_UNIT_OF_POWER
from judge.engine.refusal import Loc, Power, state
from judge.engine.types import ADJUSTMENT, RETREAT, Unit, province_of
from judge.engine.visibility import UNSEEN, Seen, Sighting

from .contact import Side
from .control import DIPLOMAT

Standing = set[tuple[str, str]]  # (power, province) of armies and fleets seen standing


def unused_untold(seen: Seen, power: str | None, playing: Sequence[str] | None) -> Seen:
    """The Adjustment without its unused builds, for another player's power (`playing`:
    the players' powers, None: every power may be one); neutral countries build no
    diplomats, so theirs stay."""
    if not isinstance(seen, Adjustment) or not seen.waived or seen.power == power \
            or (playing is not None and seen.power not in playing):
        return seen
    return Adjustment(seen.power, seen.count)


def changes_told(seen: Sequence[Seen], mine: Collection[str | None],
                 standing: Standing) -> list[Seen]:
    """`seen` with its centre changes as a reader who orders `mine` and saw `standing` may
    know them, by centre: the board's order of units that made them would place an unseen
    taker among the seen ones."""
    changes = sorted((change_told(e, mine, standing) for e in seen
                      if isinstance(e, CentreChange)), key=lambda c: c.centre)
    return [*(e for e in seen if not isinstance(e, CentreChange)), *changes]


def change_told(change: CentreChange, mine: Collection[str | None],
                standing: Standing) -> CentreChange:
    """`change` as a reader who orders `mine` and saw `standing` may know it."""
    new = change.new_owner
    if new not in mine and (new is None or (new, change.centre) not in standing):
        new = UNSEEN
    old = change.old_owner if change.old_owner in mine else UNSEEN
    return CentreChange(change.centre, old, new)


def standing_seen(seen: Iterable[Seen], board: Iterable[Unit]) -> Standing:
    """Where the reader sees armies and fleets stand after the turn: his board, the units
    his results and sightings leave in place or move."""
    units = [u for u in board if u.kind != DIPLOMAT]
    out = {(u.power, province_of(u.loc)) for u in units}
    for s in seen:
        if isinstance(s, Sighting) and not s.dislodged and s.unit.kind != DIPLOMAT:
            out.add((s.unit.power, province_of(s.unit.loc)))
        elif isinstance(s, OrderResult) and s.unit is not None and s.unit.kind != DIPLOMAT:
            end = _ends_in(s, s.unit)
            if end is not None:
                out.add((s.unit.power, province_of(end)))
    return out


def attackers_seen(seen: Iterable[Seen], kind: str | None, after: Iterable[Unit],
                   side: Side) -> Standing:
    """After retreats: the units standing where the retreating units he reads were
    dislodged (12b), when of another side than theirs. Each moved in there with the moves,
    and that meeting of two sides was told to every player then (12d); a retreat turn
    does not repeat it."""
    if kind != RETREAT:
        return set()
    standing = {province_of(u.loc): u for u in after if u.kind != DIPLOMAT}
    out: Standing = set()
    for r in seen:
        if isinstance(r, OrderResult) and r.unit is not None and r.unit.kind != DIPLOMAT:
            there = standing.get(province_of(r.unit.loc))
            if there is not None and side(there) != side(r.unit):
                out.add((there.power, province_of(there.loc)))
    return out


def _ends_in(result: OrderResult, unit: Unit) -> str | None:
    """Where the result leaves its unit; None when it leaves the board."""
    if result.dislodged:
        return None
    succeeded = result.outcome == Outcome.SUCCEEDS
    if isinstance(result.order, Move | Retreat):
        return result.order.dest if succeeded else unit.loc
    return None if isinstance(result.order, Disband) and succeeded else unit.loc


def removal_told(seen: Seen, kind: str | None, visible: Collection[Unit]) -> Seen:
    """An adjustment's removal refused as another's unit (Envoy's builds.py) that the
    reader cannot see: the result the engine gives a removal naming an empty province (the
    standard Ledger's "has no unit"), so the unit, its kind and its owner stay hidden."""
    if kind != ADJUSTMENT or not isinstance(seen, OrderResult) \
            or seen.reason != Reason.NOT_YOURS or not isinstance(seen.order, Disband) \
            or seen.unit is None or seen.unit in visible:
        return seen
    where = province_of(seen.order.loc)
    return seen._replace(unit=None, outcome=Outcome.FAILS, reason=Reason.NO_UNIT,
                         message=state(NO_UNIT_OF_POWER, power=Power(seen.power),
                                       place=Loc(where)))


def unseen_places(events: Iterable[object], seen: Iterable[Seen],
                  visible: Callable[[Unit], bool]) -> set[tuple[str, bool]]:
    """(province, of diplomats) where units of that layer stood as the turn began, none of
    which the reader sees: not `visible` (by rule 12) nor shown to him by the turn
    (his own results, the results and sightings a contact or 12d reveals). Diplomats
    support only diplomats, armies and fleets only armies and fleets (5 iv)."""
    shown = {s.unit for s in seen if isinstance(s, Sighting)} | {
        s.unit for s in seen
        if isinstance(s, OrderResult) and s.unit is not None and s.unit.power == s.power}
    stood: dict[tuple[str, bool], bool] = {}
    for e in events:
        if isinstance(e, OrderResult) and e.unit is not None:
            where = (province_of(e.unit.loc), e.unit.kind == DIPLOMAT)
            stood[where] = stood.get(where, False) or e.unit in shown or visible(e.unit)
    return {where for where, any_seen in stood.items() if not any_seen}


def support_told(seen: Seen, unseen: Collection[tuple[str, bool]]) -> Seen:
    """A support or convoy of the reader's that names a place of `unseen` (unseen_places):
    the result the engine gives one naming an empty province (void), whatever stood there
    did; whether it was dislodged is told by the attack (12d), and stays."""
    if not isinstance(seen, OrderResult) or not isinstance(seen.order, Support | Convoy) \
            or seen.unit is None or seen.outcome == Outcome.ILLEGAL \
            or (province_of(seen.order.target), seen.unit.kind == DIPLOMAT) not in unseen:
        return seen
    return seen._replace(outcome=Outcome.VOID, reason=Reason.NO_MATCH, message="")
