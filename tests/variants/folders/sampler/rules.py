"""Sampler's hooks (variant.toml says what it shows): a per-game map, the SCOUT order and
its reading, the scouting report event, its secrecy, knowledge and report section."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from judge.engine.knowledge import Knowledge
from judge.engine.orders import Order
from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.types import MOVEMENT, Phase
from judge.engine.visibility import Role, Seen, Viewer
from judge.grammar import ErrorKind, OrderSyntaxError
from judge.grammar.grammar import Grammar
from judge.grammar.reader import GrammarReader, Writer
from judge.variant import ReportSection, Variant

from .scouting import NOT_NEXT, SCOUT, SCOUTED, Scout, Scouted, ScoutingMovement

RING = ("one", "two", "three", "four", "five", "six")
CHORDS = (("one", "four"), ("two", "five"), ("three", "six"))


def make_map(options: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The ring with one chord across it, drawn from the game's seed."""
    homes = {"one": "NORTH", "two": "NORTH", "four": "SOUTH", "five": "SOUTH"}
    provinces = [{"id": p, "name": p.title(), "terrain": "land", "supply": 1,
                  "home": homes.get(p, "")} for p in RING]
    pairs = [*zip(RING, [*RING[1:], RING[0]], strict=True),
             random.Random(seed).choice(CHORDS)]
    return {"provinces": provinces,
            "borders": [{"a": a, "b": b, "graphs": ["army"]} for a, b in pairs]}


def customise(variant: Variant) -> Variant:
    rules = variant.rules
    registry = rules.registry.with_orders(SCOUT).with_events(SCOUTED).with_reasons(NOT_NEXT)
    handlers = {**rules.handlers, MOVEMENT: ScoutingMovement(rules.handlers[MOVEMENT])}
    rules = replace(rules, registry=registry, handlers=handlers, visibility=OwnScouting(),
                    knowledge=remember_scouting)
    return replace(variant, rules=rules, reader=ScoutReader, sections=(
        ReportSection("after_centres", "scouting.j2", scouting_view),))


class ScoutReader:
    """'A one SCOUT six' (or 'one scout six'); every other line as the common grammar."""

    def __init__(self, variant: Variant) -> None:
        self.grammar = GrammarReader(Grammar.for_variant(variant))
        self.places = {p.name.lower(): p.id for p in variant.rules.geo.provinces.values()}

    def read(self, text: str, phase_kind: str, writer: Writer) -> Order:
        words = text.lower().split()
        if "scout" not in words:
            return self.grammar.read(text, phase_kind, writer)
        at = words.index("scout")
        if phase_kind != MOVEMENT or at == 0 or at != len(words) - 2:
            raise OrderSyntaxError(ErrorKind.MISSING_PART, "write a scout as A One SCOUT "
                                   "Six, in a movement phase", text.strip())
        return Scout(self._place(words[at - 1]), self._place(words[at + 1]), "A")

    def _place(self, word: str) -> str:
        if word not in self.places:
            raise OrderSyntaxError(ErrorKind.UNKNOWN_PLACE, f"'{word}' is not a place", word)
        return self.places[word]

    def reads_as_prose(self, text: str) -> bool:
        return self.grammar.reads_as_prose(text) and "scout" not in text.lower().split()


class OwnScouting:
    """Every unit and order is public; a scouting report only to the scout's owner."""

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        if viewer.role != Role.PLAYER:
            return tuple(events)
        return tuple(e for e in events
                     if not isinstance(e, Scouted) or e.power == viewer.power)

    def board(self, position: Position, viewer: Viewer) -> Position:
        return position


def remember_scouting(known: Mapping[str, Any], viewer: Viewer, phase: Phase,
                      seen: Sequence[Seen], board: Position) -> Knowledge:
    """Each place the seat scouted, with what stood there and when."""
    scouted = dict(known.get("scouted", {}))
    for event in seen:
        if isinstance(event, Scouted):
            scouted[event.place] = {"phase": str(phase),
                                    "units": [f"{u.power} {u.kind}" for u in event.units]}
    return {"scouted": dict(sorted(scouted.items()))}


@dataclass(frozen=True)
class ScoutingView:
    lines: tuple[str, ...]


def scouting_view(variant: Variant, turn: TurnResult, viewer: Viewer,
                  seen: Sequence[Seen]) -> ScoutingView | None:
    names = {p.id: p.name for p in variant.rules.geo.provinces.values()}
    lines = tuple(f"{names[e.place]}: " + (", ".join(f"{u.power.title()} {u.kind}"
                                                     for u in e.units) or "empty")
                  for e in seen if isinstance(e, Scouted))
    return ScoutingView(lines) if lines else None
