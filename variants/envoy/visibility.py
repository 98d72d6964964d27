"""Secret Envoy (rule 11) and Stab Envoy (rule 12): what each player may see.

The game's choice is `state["hidden"]` ("none", "secret" or "stab"), else `[options]
hidden`: the state decides, since `judge adjudicate` sees a position and no game.
The master always sees everything; observers do when `state["observers_see_all"]` (else
`[options] observers_see_all`) is true, and otherwise see what a player with no country of
his own would. Each rule has its module: secret.py (11), stab.py (12), and what both
share, sight.py. Readings chosen: docs/variants/envoy.md, "Secret and Stab".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.calendar import SeasonCalendar
from judge.engine.geo import Geography
from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.engine.types import Phase
from judge.engine.visibility import Seen, Viewer

from .control import DIPLOMAT
from .secret import SecretEnvoy
from .sight import sees_all
from .stab import StabEnvoy

MODES = ("none", "secret", "stab")


class EnvoyVisibility:
    """The game's choice of Secret or Stab Envoy, read from the position each time."""

    def __init__(self, default: str, secret: SecretEnvoy, stab: StabEnvoy) -> None:
        if default not in MODES:
            raise ValueError(f"[options] hidden must be one of {', '.join(MODES)}, "
                             f"not {default!r}")
        self.default, self.secret, self.stab = default, secret, stab

    def _mode(self, position: Position) -> str:
        mode = str(position.state.get("hidden", self.default))
        return mode if mode in MODES else "stab"  # unreadable: the one that shows least

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        """Without the position the game's own choice is unknown: Stab, which shows least."""
        return self.stab.project(events, viewer)

    def project_turn(self, phase: Phase, events: Sequence[Event], position: Position,
                     viewer: Viewer) -> tuple[Seen, ...]:
        mode = self._mode(position)
        if mode == "none":
            return tuple(events)
        chosen = self.secret if mode == "secret" else self.stab
        return chosen.project_turn(phase, events, position, viewer)

    def hides(self, position: Position, viewer: Viewer) -> bool:
        """Secret and Stab keep things from every player, and from observers unless they
        see all: whatever stands where."""
        observers = self.stab.observers
        return self._mode(position) != "none" and not sees_all(viewer, position.state,
                                                                 observers)

    def observers_see_more(self, position: Position) -> bool:
        """Observers who see all see what Secret or Stab keeps from the public; in plain
        Envoy everyone sees the same."""
        return self._mode(position) != "none" and sees_all(Viewer.observer(), position.state,
                                                            self.stab.observers)

    def survivors_told(self, position: Position, dealt: frozenset[str]) -> frozenset[str]:
        """Under Stab, the powers with a centre: 12e names a power as it is eliminated,
        its last centre lost, and hides whether it has an army left (12d). Under Secret,
        the board's but for diplomats, which it hides (11); without either, the board's."""
        mode = self._mode(position)
        if mode == "stab":
            return frozenset(position.owners.values())
        hidden = DIPLOMAT if mode == "secret" else None
        return frozenset({u.power for u in position.units if u.kind != hidden}
                         | set(position.owners.values())
                         | {d.unit.power for d in position.dislodged})

    def board(self, position: Position, viewer: Viewer) -> Position:
        mode = self._mode(position)
        if mode == "none":
            return position
        return (self.secret if mode == "secret" else self.stab).board(position, viewer)


def envoy_visibility(options: Mapping[str, Any], geo: Geography, calendar: SeasonCalendar,
                     powers: Sequence[str], space_of: Mapping[str, str]) -> EnvoyVisibility:
    """`customise`'s choice from `[options] hidden` and `observers_see_all`."""
    observers = bool(options.get("observers_see_all", False))
    return EnvoyVisibility(str(options.get("hidden", "none")),
                           SecretEnvoy(space_of, observers),
                           StabEnvoy(geo, calendar, powers, space_of, observers))
