"""Secret Envoy (rule 11) and Stab Envoy (rule 12): what each player may see.

The game's choice is `state["hidden"]` ("none", "secret" or "stab"), else `[options]
hidden`: the state decides, since `judge adjudicate` sees a position and no game.
The master always sees everything; observers do when `state["observers_see_all"]` (else
`[options] observers_see_all`) is true, and otherwise see what a player with no country of
his own would. Everything here reads structured events and the position after the turn,
never rendered text; who ordered which country during the turn is the `writers` record its
handler left there (control.py). Readings chosen: docs/variants/envoy.md, "Secret and Stab".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from judge.engine.calendar import SeasonCalendar
from judge.engine.geo import Geography
from judge.engine.orders import Disband
from judge.engine.outcome import Adjustment, CentreChange, Dislodgement, Event, OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.types import ADJUSTMENT, RETREAT, Phase, Unit
from judge.engine.visibility import Notice, Role, Seen, Sighting, Viewer

from .contact import Revealed, Side, clashes, conflicts, contacts
from .control import CONTROLLED, DIPLOMAT, MAJOR_ALLY, WRITERS, players, table
from .told import attackers_seen, changes_told, removal_told, standing_seen, unused_untold

MODES = ("none", "secret", "stab")
PUBLIC_STATE = ("players", "hidden", "observers_see_all")  # never the seed (12e)


class Topic(StrEnum):
    """What Stab Envoy tells a player in place of the board it hides: its notices' topics,
    which report.py writes."""

    PLAYERS = "players"  # the powers the players play (12a)
    ALLY = "major ally"  # powers: the Major Ally and its player; its units (12c)
    CONTROLLED = "controlled neutral"  # powers: the Controlled Neutral and its player (12c)
    COUNTS = "counts"  # numbers: every power's centre count, unnamed, in random order (12e)
    ELIMINATED = "eliminated"  # a power that lost its last centre this turn (12e)
    LAST_NEUTRAL = "last neutral"  # the last unowned centre was taken this turn (12e)


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


def _public(state: Mapping[str, object], **more: object) -> dict[str, object]:
    return {**{k: state[k] for k in PUBLIC_STATE if k in state}, **more}


def _apply(events: Iterable[Event], keep: Callable[[Event], bool],
           revealed: Revealed) -> list[Seen]:
    """Events `keep` passes; of the others, results revealed in full or as seen units."""
    out: list[Seen] = []
    for e in events:
        if keep(e) or id(e) in revealed.full:
            out.append(e)
        elif isinstance(e, OrderResult) and id(e) in revealed.seen and e.unit is not None:
            out.append(Sighting(e.unit, e.dislodged))
    return out


def _merge(*found: Revealed) -> Revealed:
    out = Revealed()
    for f in found:
        out.full |= f.full
    for f in found:
        out.seen |= f.seen - out.full
    return out


def _events_only(seen: Sequence[Seen]) -> tuple[Event, ...]:
    return tuple(e for e in seen if not isinstance(e, Sighting | Notice))


class SecretEnvoy:
    """Rule 11: armies and fleets are public; a player's diplomats are shown to others only
    where they came into contact with another player's diplomats (4, 5)."""

    def __init__(self, space_of: Mapping[str, str], observers_see_all: bool = False) -> None:
        self.space_of = space_of
        self.observers = observers_see_all

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        if sees_all(viewer, {}, self.observers):
            return tuple(events)
        return _events_only(self.seen(events, viewer.power))

    def project_turn(self, phase: Phase, events: Sequence[Event], position: Position,
                     viewer: Viewer) -> tuple[Seen, ...]:
        if sees_all(viewer, position.state, self.observers):
            return tuple(events)
        return tuple(self.seen(events, viewer.power, players(position)))

    def seen(self, events: Sequence[Event], power: str | None,
             playing: Sequence[str] | None = None) -> list[Seen]:
        """`playing`: the players' powers (None: every power may be one)."""
        results = [e for e in events if isinstance(e, OrderResult) and diplomatic(e)]
        revealed = _merge(contacts(results), clashes(results, self.space_of))
        seen = _apply(events, lambda e: not isinstance(e, OrderResult) or not diplomatic(e)
                      or e.power == power, revealed)
        return [unused_untold(e, power, playing) for e in seen]

    def board(self, position: Position, viewer: Viewer) -> Position:
        """Every army and fleet, the viewer's own diplomats, and his own control only."""
        if sees_all(viewer, position.state, self.observers):
            return position
        units = tuple(u for u in position.units if u.kind != DIPLOMAT or u.power == viewer.power)
        own = {n: s for n, s in table(position, "control").items()
               if viewer.power is not None and s[1] == viewer.power}
        return position._replace(units=units, state=_public(position.state, control=own))


class StabEnvoy:
    """Rule 12: a player learns items a-e only (see the module's docs for the readings)."""

    def __init__(self, geo: Geography, calendar: SeasonCalendar, powers: Sequence[str],
                 space_of: Mapping[str, str], observers_see_all: bool = False) -> None:
        self.geo, self.calendar, self.powers = geo, calendar, tuple(powers)
        self.space_of = space_of
        self.observers = observers_see_all

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        """Without the board nothing is known of control: only the viewer's own power."""
        if sees_all(viewer, {}, self.observers):
            return tuple(events)
        return _events_only(self.seen(events, viewer.power, {}, None))

    def project_turn(self, phase: Phase, events: Sequence[Event], position: Position,
                     viewer: Viewer) -> tuple[Seen, ...]:
        if sees_all(viewer, position.state, self.observers):
            return tuple(events)
        control = table(position, "control")
        writers = table(position, WRITERS) if WRITERS in position.state else None
        seen = self.seen(events, viewer.power, control, phase.kind, writers,
                         self.board(position, viewer).units, position.units)
        return (*self.standing(position, control), *seen,
                *self.counts(phase, events, position))

    def seen(self, events: Sequence[Event], power: str | None, control: Mapping[str, Any],
             kind: str | None, writers: Mapping[str, str] | None = None,
             board: Sequence[Unit] = (), after: Sequence[Unit] = ()) -> list[Seen]:
        """12b and d; the results of the orders the viewer wrote, for the countries he
        ordered when the turn began (`writers`: whoever loses a country during a turn still
        reads what he wrote for it, and whoever gains one does not read his rival's orders,
        12d); his countries' other events, of those and those he orders after the turn,
        their centre changes naming only the side he saw (12e; told.py). `board`: the
        units he sees after the turn; `after`: all units after it."""
        mine = _mine(power, control)
        ordered = mine if writers is None else _wrote(power, writers)
        mine |= ordered
        side = _side(control, writers)

        def keep(e: Event) -> bool:
            if isinstance(e, OrderResult):
                return e.power in ordered or (not diplomatic(e) and _retreat(e, kind))
            if isinstance(e, CentreChange):
                return bool({e.old_owner, e.new_owner} & mine)
            if isinstance(e, Adjustment):
                return e.power in mine
            return isinstance(e, Dislodgement)  # 12b: every retreat

        results = [e for e in events if isinstance(e, OrderResult)]
        regular = [r for r in results if not diplomatic(r)]
        dips = [r for r in results if diplomatic(r)]
        revealed = _merge(conflicts(regular, side), contacts(dips),
                          clashes(dips, self.space_of))
        seen = [removal_told(e, kind, board) for e in _apply(events, keep, revealed)]
        where = standing_seen(seen, board) | attackers_seen(seen, kind, after, side)
        return changes_told(seen, mine, where)

    def standing(self, position: Position, control: Mapping[str, Any]) -> list[Notice]:
        """12a: the players' powers; 12c: every Major Ally with its armies and fleets, and
        every Controlled Neutral by name, with the player of each."""
        out = [Notice(Topic.PLAYERS, (p,)) for p in players(position) or self.powers]
        for power in self.powers:
            status, who = control.get(power, (None, None))
            if status == MAJOR_ALLY:
                units = tuple(u for u in position.units
                              if u.power == power and u.kind != DIPLOMAT)
                out.append(Notice(Topic.ALLY, (power, who), units))
            elif status == CONTROLLED:
                out.append(Notice(Topic.CONTROLLED, (power, who)))
        return out

    def counts(self, phase: Phase, events: Sequence[Event],
               position: Position) -> list[Notice]:
        """12e, when this turn ended an Autumn: every power's centre count and the unowned
        centres' as one more, in an order drawn from the game's seed; eliminations; the
        capture of the last unowned centre."""
        cal = self.calendar
        if not (cal.season(phase.season).takes_centres
                and cal.ends_season(phase, position.phase)):
            return []
        owned = self.geo.centre_counts(position.owners)
        unowned = sum(self.geo.provinces[c].supply for c in self.geo.supply_centres
                      if c not in position.owners)
        numbers = [owned[p] for p in self.powers if owned.get(p, 0)]
        numbers += [unowned] if unowned else []
        out = [Notice(Topic.COUNTS, numbers=_shuffled(numbers, position.state, phase))]
        changes = [e for e in events if isinstance(e, CentreChange)]
        lost = {c.old_owner for c in changes if c.old_owner and not owned.get(c.old_owner)}
        out += [Notice(Topic.ELIMINATED, (p,)) for p in self.powers if p in lost]
        if not unowned and any(c.old_owner is None for c in changes):
            out.append(Notice(Topic.LAST_NEUTRAL))
        return out

    def board(self, position: Position, viewer: Viewer) -> Position:
        """The viewer's countries' units and centres, his diplomats, every Major Ally's
        units (12c), every retreat (12b)."""
        if sees_all(viewer, position.state, self.observers):
            return position
        control = table(position, "control")
        mine = _mine(viewer.power, control)
        allies = {n for n, s in control.items() if s[0] == MAJOR_ALLY}
        units = tuple(u for u in position.units if (u.power in mine and u.kind != DIPLOMAT)
                      or (u.kind == DIPLOMAT and u.power == viewer.power)
                      or (u.power in allies and u.kind != DIPLOMAT))
        owners = {c: p for c, p in position.owners.items() if p in mine}
        state = _public(position.state, control=control)
        return position._replace(units=units, owners=owners, state=state)


def _mine(power: str | None, control: Mapping[str, Any]) -> set[str | None]:
    """The countries a player orders: his own, his Major Allies, his Controlled Neutrals."""
    found: set[str | None] = set()
    if power is not None:
        found |= {power, *(n for n, s in control.items()
                           if s[1] == power and s[0] in (MAJOR_ALLY, CONTROLLED))}
    return found


def _wrote(power: str | None, writers: Mapping[str, str]) -> set[str | None]:
    """Whose orders a player wrote in the turn: his own, the neutrals he ordered at its start."""
    return set() if power is None else {power, *(n for n, p in writers.items() if p == power)}


def _side(control: Mapping[str, Any], writers: Mapping[str, str] | None) -> Side:
    """12d's sides ("opposing" units): who ordered each country when the units met, i.e.
    when the turn began (`writers`); without that record, control after the turn."""
    if writers is not None:
        return lambda unit: writers.get(unit.power, unit.power)

    def side(unit: Unit) -> str:
        found = control.get(unit.power)
        return str(found[1]) if found and found[0] in (MAJOR_ALLY, CONTROLLED) else unit.power
    return side


def _retreat(r: OrderResult, kind: str | None) -> bool:
    """12b: every retreat and disbandment; a removal at adjustments is neither. An illegal
    order is no retreat (the unit's disbandment is), and one naming no dislodged unit or
    refused as another's is its writer's business."""
    if r.unit is None or r.power != r.unit.power or r.outcome == Outcome.ILLEGAL:
        return False
    return kind == RETREAT or (isinstance(r.order, Disband) and kind != ADJUSTMENT)


def _shuffled(numbers: list[int], state: Mapping[str, object], phase: Phase) -> tuple[int, ...]:
    """A reproducible random order from the game's secret seed (G15). Without a seed, the
    numbers from largest to smallest: an order that tells nothing of who holds which."""
    seed = state.get("seed")
    if seed is None:
        return tuple(sorted(numbers, reverse=True))
    out = list(numbers)
    random.Random(f"{seed}:{phase}").shuffle(out)
    return tuple(out)


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
