"""What blind play answers for orders whose writer could not see what they name (issue #13).

Under Secret and Stab Envoy an order naming a unit the writer cannot see is taken as
written (judge/game/writer_view.py) and judged at adjudication on the real board. What its
writer is then told must not say more than he may know: a support or convoy found illegal
there (nothing to support, or a unit that could not make the move, the only grounds left
once his own check has passed) reads as void, as a blind-play game master answers it.
Rule 1 keeps the 1971 rules, under which a support of a unit that does not make the move
supported is void.
"""

from __future__ import annotations

from judge.engine.orders import Convoy, Support
from judge.engine.outcome import Event, OrderResult, Outcome


def as_judged(event: Event) -> Event:
    """`event` as a player or observer reads it: an illegal support or convoy as void."""
    if (isinstance(event, OrderResult) and event.outcome == Outcome.ILLEGAL
            and isinstance(event.order, Support | Convoy)):
        return event._replace(outcome=Outcome.VOID, reason=None, message="")
    return event
