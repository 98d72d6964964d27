"""Decoys (rn45 C2 2b, C8): a unit's identical copy, of zero power, that no other player can
tell from the unit it copies. A decoy is a unit of the kind it copies whose payload says so
(`decoy`): the resolver gives it no power (8a, fighters_resolver.py); DecoyVisibility shows
it to everyone but its owner and the master as the unit it copies, its making as a new
unit (decoys_orders.NewUnit), a making that failed not at all; it is disbanded when
exposed (8c, exposure.py) or not alone at the end of Spring (8b).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from judge.engine.codec import unit_from_json, unit_to_json
from judge.engine.order_types import EventType, Registry
from judge.engine.outcome import Event, OrderResult, Outcome, VariantEvent
from judge.engine.position import Position
from judge.engine.types import Unit
from judge.engine.visibility import (
    FullInformation,
    Role,
    Viewer,
    Visibility,
    duties_public,
    hides,
)

from .decoys_orders import MakeDecoy, as_copys

DECOY = "decoy"
SEED = "seed"  # the game's, in its positions' state (judge/game/lifecycle.py)


def is_decoy(unit: Unit) -> bool:
    return any(name == DECOY and value for name, value in unit.payload)


def as_decoy(unit: Unit) -> Unit:
    return unit.carrying(**{DECOY: True})


def plain(unit: Unit) -> Unit:
    """The unit as others see it: no decoy mark, on it or on a unit it carries (8a)."""
    if not unit.payload:
        return unit
    payload = tuple((name, plain(value) if isinstance(value, Unit) else value)
                    for name, value in unit.payload if name != DECOY)
    return unit._replace(payload=payload)


@dataclass(frozen=True, slots=True)
class DecoyDisbanded(VariantEvent):
    """A decoy disbanded, for everyone to see: `why` is "exposed" (8c) or "not alone" (8b)."""

    unit: Unit
    why: str


WHY = {"exposed": "exposed as a decoy by this turn's orders (rn45 C8 8c)",
       "not_alone": "a decoy not by itself at the end of the spring (rn45 C8 8b)"}


def _to_json(registry: Registry, event: DecoyDisbanded) -> dict[str, Any]:
    return {"event": "decoy_disbanded", "unit": unit_to_json(event.unit), "why": event.why}


def _from_json(registry: Registry, data: Mapping[str, Any]) -> DecoyDisbanded:
    return DecoyDisbanded(unit_from_json(data["unit"]), str(data["why"]))


DECOY_DISBANDED = EventType(DecoyDisbanded, "decoy_disbanded", _to_json, _from_json)


@dataclass(frozen=True, slots=True)
class DecoyPassedOn(VariantEvent):
    """A decoy removed or disbanded as a unit, whose place `heir` took, or None when its
    owner had no military unit left (decoys_removal.py): told to its owner and the master
    only, as which unit is a decoy is."""

    gone: Unit
    heir: Unit | None


def _passed_to_json(registry: Registry, event: DecoyPassedOn) -> dict[str, Any]:
    return {"event": "decoy_passed_on", "gone": unit_to_json(event.gone),
            "heir": None if event.heir is None else unit_to_json(event.heir)}


def _passed_from_json(registry: Registry, data: Mapping[str, Any]) -> DecoyPassedOn:
    heir = data.get("heir")  # None: no military unit was left to pay (decoys_removal.py)
    return DecoyPassedOn(unit_from_json(data["gone"]),
                         None if heir is None else unit_from_json(heir))


DECOY_PASSED_ON = EventType(DecoyPassedOn, "decoy_passed_on", _passed_to_json,
                            _passed_from_json)


class DecoyVisibility:
    """rn45 C8: others must not tell a decoy from the unit it copies. Wraps the game's
    visibility and takes the decoy mark off every unit another power owns, on the board and
    in every event; the master sees all. A disbanded decoy is public (8b, 8c)."""

    def __init__(self, inner: Visibility) -> None:
        self.inner = inner

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        return tuple(_disguise(e, viewer) for e in self.inner.project(events, viewer)
                     if not _tried(e, viewer) and not _passed_on(e, viewer))

    def board(self, position: Position, viewer: Viewer) -> Position:
        seen = self.inner.board(position, viewer)
        if viewer.role == Role.MASTER:
            return seen
        # The game's seed draws which of a madman's unit and its decoy takes which won
        # order (bids_pairs.py): known, it would tell which is the decoy.
        return seen._replace(
            units=tuple(_seen(u, viewer) for u in seen.units),
            dislodged=tuple(_disguise(d, viewer) for d in seen.dislodged),
            state={k: v for k, v in seen.state.items() if k != SEED})

    def hides(self, position: Position, viewer: Viewer) -> bool:
        # Which unit is a decoy is kept from every seat but the master's, whatever the board.
        return viewer.role != Role.MASTER or hides(self.inner, position, viewer)

    def duties_public(self) -> bool:
        # Every decoy is made and disbanded in everyone's sight (a DECOY order, 8b, 8c):
        # each power's count of them, and so its builds and removals, is public; only
        # which unit is one is not. Who has orders to give depends on nothing else hidden
        # unless the game hides more (issue #15 item 2).
        return isinstance(self.inner, FullInformation) or duties_public(self.inner)


def _tried(event: Event, viewer: Viewer) -> bool:
    """A DECOY order that made no decoy, which nobody but its writer and the master sees:
    a decoy's making is hidden (C8), and so is an attempt (issue #15 item 4)."""
    return isinstance(event, OrderResult) and isinstance(event.order, MakeDecoy) \
        and event.outcome != Outcome.SUCCEEDS and not _mine(event.power, viewer)


def _passed_on(event: Event, viewer: Viewer) -> bool:
    """Where a decoy's place went, which only its owner and the master see."""
    return isinstance(event, DecoyPassedOn) and not _mine(event.gone.power, viewer)


def _mine(power: str, viewer: Viewer) -> bool:
    return viewer.role == Role.MASTER or (viewer.role == Role.PLAYER and viewer.power == power)


def _seen(unit: Unit, viewer: Viewer) -> Unit:
    return unit if viewer.role == Role.PLAYER and unit.power == viewer.power else plain(unit)


def _disguise(event: Any, viewer: Viewer) -> Any:
    if viewer.role == Role.MASTER or isinstance(event, DecoyDisbanded):
        return event
    unit = getattr(event, "unit", None)
    if not isinstance(unit, Unit) or _seen(unit, viewer) == unit:
        return event
    if isinstance(event, OrderResult) and event.order is not None:
        event = event._replace(order=as_copys(event.order))  # its copy's order, to others
    if is_dataclass(event) and not isinstance(event, type) and \
            any(f.name == "unit" for f in fields(event)):
        return replace(event, unit=_seen(unit, viewer))
    return event._replace(unit=_seen(unit, viewer))
