"""Fog: a player sees his own units and the units beside them; of a turn he is told his
own orders' results only. His knowledge record remembers every foreign unit he has seen,
with the phase he last saw it in, after it has gone out of sight."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from judge.engine.knowledge import Knowledge
from judge.engine.outcome import Event, OrderResult
from judge.engine.position import Position
from judge.engine.types import Phase
from judge.engine.visibility import Role, Seen, Viewer
from judge.variant import Variant


def customise(variant: Variant) -> Variant:
    graph = variant.rules.geo.province_graph({"army"})
    rules = replace(variant.rules, visibility=Fog(graph), knowledge=Remember(graph))
    return replace(variant, rules=rules)


def in_sight(graph: Mapping[str, frozenset[str]], position: Position,
             power: str | None) -> set[str]:
    own = {u.loc for u in position.units if u.power == power}
    return own | {p for loc in own for p in graph[loc]}


class Fog:
    def __init__(self, graph: Mapping[str, frozenset[str]]) -> None:
        self.graph = graph

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        if viewer.role != Role.PLAYER:
            return tuple(events)
        return tuple(e for e in events if isinstance(e, OrderResult) and e.power == viewer.power)

    def board(self, position: Position, viewer: Viewer) -> Position:
        if viewer.role != Role.PLAYER:
            return position
        near = in_sight(self.graph, position, viewer.power)
        return position._replace(units=tuple(u for u in position.units if u.loc in near))


class Remember:
    """Every foreign unit seen, by place, with the phase it was last seen in; a place in
    sight and empty forgets what was seen there."""

    def __init__(self, graph: Mapping[str, frozenset[str]]) -> None:
        self.graph = graph

    def __call__(self, known: Mapping[str, Any], viewer: Viewer, phase: Phase,
                 seen: Sequence[Seen], board: Position) -> Knowledge:
        sight = in_sight(self.graph, board, viewer.power)
        sightings = {k: dict(v) for k, v in known.get("sightings", {}).items()
                     if k not in sight}
        for unit in board.units:
            if unit.power != viewer.power:
                sightings[unit.loc] = {"power": unit.power, "kind": unit.kind,
                                       "phase": str(phase)}
        return {"sightings": dict(sorted(sightings.items()))}
