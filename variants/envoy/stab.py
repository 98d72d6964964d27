"""Stab Envoy (rule 12): a player learns items a-e only.

Who ordered which country during the turn is the `writers` record its handler left in the
position (control.py). Readings chosen: docs/variants/envoy.md, "Secret and Stab".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from judge.engine.calendar import SeasonCalendar
from judge.engine.geo import Geography
from judge.engine.orders import Disband
from judge.engine.outcome import Adjustment, CentreChange, Dislodgement, Event, OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.types import ADJUSTMENT, RETREAT, Phase, Unit
from judge.engine.visibility import Notice, Seen, Viewer

from .blind import barred_retreat
from .contact import Side, clashes, conflicts, contacts
from .control import CONTROLLED, DIPLOMAT, MAJOR_ALLY, WRITERS, players, table
from .retreats import told_retreats
from .sight import apply_revealed, diplomatic, events_only, merge, public_state, sees_all
from .told import (
    attackers_seen,
    changes_told,
    removal_told,
    standing_seen,
    support_told,
    unseen_places,
)


class Topic(StrEnum):
    """What Stab Envoy tells a player in place of the board it hides: its notices' topics,
    which report.py writes."""

    PLAYERS = "players"  # the powers the players play (12a)
    ALLY = "major ally"  # powers: the Major Ally and its player; its units (12c)
    CONTROLLED = "controlled neutral"  # powers: the Controlled Neutral and its player (12c)
    COUNTS = "counts"  # numbers: every power's centre count, unnamed, in random order (12e)
    ELIMINATED = "eliminated"  # a power that lost its last centre this turn (12e)
    LAST_NEUTRAL = "last neutral"  # the last unowned centre was taken this turn (12e)


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
        return events_only(self.seen(events, viewer.power, {}, None))

    def project_turn(self, phase: Phase, events: Sequence[Event], position: Position,
                     viewer: Viewer) -> tuple[Seen, ...]:
        if sees_all(viewer, position.state, self.observers):
            return tuple(events)
        control = table(position, "control")
        writers = table(position, WRITERS) if WRITERS in position.state else None
        board = self.board(position, viewer)
        told = {d.unit: d for d in board.dislodged}
        seen = [told.get(e.unit, e) if isinstance(e, Dislodgement) else e
                for e in self.seen(events, viewer.power, control, phase.kind, writers,
                                   board.units, position.units)]
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
        revealed = merge(conflicts(regular, side), contacts(dips),
                          clashes(dips, self.space_of))
        seen = [removal_told(e, kind, board) for e in apply_revealed(events, keep, revealed)]
        allies = {n for n, s in control.items() if s[0] == MAJOR_ALLY}

        def visible(unit: Unit) -> bool:
            return (unit.power in mine or unit.power in allies) if unit.kind != DIPLOMAT \
                else unit.power == power
        unseen = unseen_places(events, seen, visible)
        seen = [support_told(e, unseen) for e in seen]
        where = standing_seen(seen, board) | attackers_seen(seen, kind, after, side)
        if kind == RETREAT:
            seen = [_missed_own(e, ordered) for e in seen]
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
        state = public_state(position.state, control=control)
        side = table(position, WRITERS) if WRITERS in position.state else {}
        told = told_retreats(self.geo, position, units, viewer.power, side)
        return position._replace(units=units, owners=owners, state=state, dislodged=told)


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
    refused as another's is its writer's business; but a retreat the real board barred is
    told to all as the bounce that ends its unit (blind.py), its disbandment not told again."""
    if r.unit is None or r.power != r.unit.power \
            or (r.outcome == Outcome.ILLEGAL and not barred_retreat(r)):
        return False
    return kind == RETREAT or (isinstance(r.order, Disband) and kind != ADJUSTMENT)


def _missed_own(e: Seen, ordered: set[str | None]) -> Seen:
    """12b tells every retreat and its result, but not whether its writer missed one: that
    depends on the retreats he was told, read from his own units (retreats.py
    `_missed_as_told`), so "(no order)" is told to him alone (as "No orders received" is,
    judge/reports/views.py; tests/secrecy/test_adv8_retreat_unordered.py)."""
    if isinstance(e, OrderResult) and e.unordered and e.power not in ordered:
        return e._replace(unordered=False)
    return e


def _shuffled(numbers: list[int], state: Mapping[str, object], phase: Phase) -> tuple[int, ...]:
    """A reproducible random order from the game's secret seed (G15). Without a seed, the
    numbers from largest to smallest: an order that tells nothing of who holds which."""
    seed = state.get("seed")
    if seed is None:
        return tuple(sorted(numbers, reverse=True))
    out = list(numbers)
    random.Random(f"{seed}:{phase}").shuffle(out)
    return tuple(out)
