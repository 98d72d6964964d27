"""What Secret Envoy (rule 11) and Stab Envoy (rule 12) share: who sees everything, which
results are a diplomat's, and the events a reader keeps or is shown (visibility.py).

Everything here reads structured events and the position after the turn, never rendered
text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from judge.engine.outcome import Event, OrderResult
from judge.engine.visibility import Notice, Role, Seen, Sighting, Viewer

from .blind import as_judged, without_told_disbands
from .contact import Revealed
from .control import DIPLOMAT

PUBLIC_STATE = ("players", "hidden", "observers_see_all")  # never the seed (12e)


def sees_all(viewer: Viewer, state: Mapping[str, object], observers: bool) -> bool:
    if viewer.role == Role.MASTER:
        return True
    return viewer.role == Role.OBSERVER and bool(state.get("observers_see_all", observers))


def diplomatic(r: OrderResult) -> bool:
    """A diplomat's result, or an order the movement handler read as one (no army or fleet
    there, no kind or `D` written)."""
    if r.unit is not None:
        return r.unit.kind == DIPLOMAT
    return r.order is not None and r.order.kind in (DIPLOMAT, None)


def public_state(state: Mapping[str, object], **more: object) -> dict[str, object]:
    return {**{k: state[k] for k in PUBLIC_STATE if k in state}, **more}


def apply_revealed(events: Iterable[Event], keep: Callable[[Event], bool],
                   revealed: Revealed) -> list[Seen]:
    """Events `keep` passes; of the others, results revealed in full or as seen units."""
    out: list[Seen] = []
    for e in without_told_disbands(list(events)):
        if keep(e) or id(e) in revealed.full:
            out.append(as_judged(e))
        elif isinstance(e, OrderResult) and id(e) in revealed.seen and e.unit is not None:
            out.append(Sighting(e.unit, e.dislodged))
    return out


def merge(*found: Revealed) -> Revealed:
    """What any of `found` reveals; a result revealed in full by one is not also a sighting."""
    out = Revealed()
    for f in found:
        out.full |= f.full
    for f in found:
        out.seen |= f.seen - out.full
    return out


def events_only(seen: Sequence[Seen]) -> tuple[Event, ...]:
    return tuple(e for e in seen if not isinstance(e, Sighting | Notice))
