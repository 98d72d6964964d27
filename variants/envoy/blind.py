"""What blind play answers for orders whose writer could not see what they name (issue #13).

Under Secret and Stab Envoy an order naming a unit the writer cannot see is taken as
written (judge/game/writer_view.py) and judged at adjudication on the real board. What its
writer is then told must not say more than he may know: a support or convoy found illegal
there (nothing to support, or a unit that could not make the move, the only grounds left
once his own check has passed) reads as void, as a blind-play game master answers it.
Rule 1 keeps the 1971 rules, under which a support of a unit that does not make the move
supported is void. A retreat found illegal there (into a place an unseen unit or an unseen
bounce bars: retreats.told_retreats) reads as a bounce: it fails, and the unit, which has
no legal retreat, is disbanded, which every player is told (12b). A move counting on a
convoy by fleets he could not see, where none stand, fails for want of one (`no convoy`),
as when the fleets there do not convoy it.
"""

from __future__ import annotations

from judge.engine.orders import Convoy, Move, Retreat, Support
from judge.engine.outcome import Event, OrderResult, Outcome, Reason


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
    if isinstance(event.order, Retreat) and event.reason == Reason.BOUNCED:
        return event._replace(outcome=Outcome.FAILS, reason=Reason.BOUNCED, message="")
    return event
