"""What blind play answers for orders whose writer could not see what they name (issue #13).

Under Secret and Stab Envoy an order naming a unit the writer cannot see is taken as
written (judge/game/writer_view.py) and judged at adjudication on the real board. What its
writer is then told must not say more than he may know: a support or convoy found illegal
there (nothing to support, or a unit that could not make the move, the only grounds left
once his own check has passed) reads as void, as a blind-play game master answers it.
Rule 1 keeps the 1971 rules, under which a support of a unit that does not make the move
supported is void. A retreat found illegal there (into a place an unseen unit or an unseen
bounce bars: retreats.told_retreats) reads as a bounce: it fails, and the unit, which has
no legal retreat, is disbanded, which every player is told (12b): the bounce's line says
so (`(*bounce, destroyed*)`), as a standard retreat that bounced does, so the engine's own
disbandment of that unit is not told again (`without_told_disbands`). A move counting on a
convoy by fleets he could not see, where none stand, fails for want of one (`no convoy`),
as when the fleets there do not convoy it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from judge.engine.orders import Convoy, Disband, Move, Retreat, Support
from judge.engine.outcome import Event, OrderResult, Outcome, Reason

T = TypeVar("T")


def as_judged(event: Event) -> Event:
    """`event` as a player or observer reads it: an illegal support or convoy as void, a
    move without fleets to convoy it as failed for want of a convoy, a retreat to a
    neighbour the board bars as one that bounced."""
    if not isinstance(event, OrderResult) or event.outcome != Outcome.ILLEGAL:
        return event
    if isinstance(event.order, Support | Convoy):
        return event._replace(outcome=Outcome.VOID, reason=None, message="")
    if isinstance(event.order, Move) and event.reason == Reason.NO_CONVOY:
        return event._replace(outcome=Outcome.FAILS, message="")
    if barred_retreat(event):
        return event._replace(outcome=Outcome.FAILS, reason=Reason.BOUNCED, message="")
    return event


def barred_retreat(event: object) -> bool:
    """A retreat the real board barred, told as a bounce by `as_judged`."""
    return isinstance(event, OrderResult) and event.outcome == Outcome.ILLEGAL \
        and isinstance(event.order, Retreat) and event.reason == Reason.BOUNCED


def without_told_disbands(events: Sequence[T]) -> list[T]:
    """`events` without the disbandment of a unit whose barred retreat is told as a bounce:
    a retreat that bounced is its unit's end (`(*bounce, destroyed*)`, DATC 6.H.7), and a
    second line for it, which a real bounce never has, would tell the two apart."""
    barred = {e.unit for e in events if barred_retreat(e) and isinstance(e, OrderResult)}
    if not barred:
        return list(events)
    return [e for e in events if not (isinstance(e, OrderResult) and e.unit in barred
                                      and isinstance(e.order, Disband))]
