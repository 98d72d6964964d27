"""Secret Envoy (rule 11): armies and fleets are public, diplomats are not.

Readings chosen: docs/variants/envoy.md, "Secret and Stab".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.outcome import Event, OrderResult
from judge.engine.position import Position
from judge.engine.types import Phase
from judge.engine.visibility import Seen, Viewer

from .contact import clashes, contacts
from .control import DIPLOMAT, players, table
from .sight import apply_revealed, diplomatic, events_only, merge, public_state, sees_all
from .told import unused_untold


class SecretEnvoy:
    """Rule 11: armies and fleets are public; a player's diplomats are shown to others only
    where they came into contact with another player's diplomats (4, 5)."""

    def __init__(self, space_of: Mapping[str, str], observers_see_all: bool = False) -> None:
        self.space_of = space_of
        self.observers = observers_see_all

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        if sees_all(viewer, {}, self.observers):
            return tuple(events)
        return events_only(self.seen(events, viewer.power))

    def project_turn(self, phase: Phase, events: Sequence[Event], position: Position,
                     viewer: Viewer) -> tuple[Seen, ...]:
        if sees_all(viewer, position.state, self.observers):
            return tuple(events)
        return tuple(self.seen(events, viewer.power, players(position)))

    def seen(self, events: Sequence[Event], power: str | None,
             playing: Sequence[str] | None = None) -> list[Seen]:
        """`playing`: the players' powers (None: every power may be one)."""
        results = [e for e in events if isinstance(e, OrderResult) and diplomatic(e)]
        revealed = merge(contacts(results), clashes(results, self.space_of))
        seen = apply_revealed(events, lambda e: not isinstance(e, OrderResult)
                              or not diplomatic(e) or e.power == power, revealed)
        return [unused_untold(e, power, playing) for e in seen]

    def board(self, position: Position, viewer: Viewer) -> Position:
        """Every army and fleet, the viewer's own diplomats, and his own control only."""
        if sees_all(viewer, position.state, self.observers):
            return position
        units = tuple(u for u in position.units if u.kind != DIPLOMAT or u.power == viewer.power)
        own = {n: s for n, s in table(position, "control").items()
               if viewer.power is not None and s[1] == viewer.power}
        return position._replace(units=units, state=public_state(position.state, control=own))
