"""What a phase shows each player (rules 6, 7, 10; II.B-E), as events only he is shown:

- `Entry`: his rat tried to enter a space (or retreated into one): its name, centre value,
  the portal it came (or would have come) in through, its portal count, and the players
  who resisted by attacking or supporting into it (6; II.B: `VT1 6`, `RT2 NSC 4`).
- `Contact`: another player's piece opposed his (10; II.D, II.E): out of the space he
  attacked or supported (`(TAG to VT3)`, `(TAG s VT4)`, `(TAG h VT)`), or into the space
  where he stayed (`(TAG a in RH2)`, `(TAG s in RH5)`, the support cut or not); in a swap
  only the other player (10).
- `Census`: after the builds, every player's centre count, the one public fact (7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.engine.order_types import EventType, Registry
from judge.engine.orders import Order
from judge.engine.outcome import OrderResult, Outcome, Reason, VariantEvent
from judge.engine.position import Position

from .known import kind_of
from .maze import Maze, Portal
from .orders import BuildList, PortalMove, PortalSupport, RetreatList

Orders = Mapping[str, Sequence[Order]]
BOUNCE_SELF = "your own rat was in the way"  # II.C.2, B.S.


@dataclass(frozen=True, slots=True)
class Entry(VariantEvent):
    power: str
    space: str          # where the rat was
    portal: int         # the portal it tried
    into: str
    arrives: int
    value: int
    kind: str           # "", "NSC" or "HSC" (II.B)
    portals: int
    resisted: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Contact(VariantEvent):
    power: str
    space: str
    player: str
    verb: str           # "to", "s", "h", "a in", "s in" (II.D, II.E) or "swap" (10)
    portal: int = 0     # 0: none told (a hold, a swap)
    cut: bool = False


@dataclass(frozen=True, slots=True)
class Census(VariantEvent):
    players: tuple[str, ...]
    counts: tuple[int, ...]     # each player's, in that order

    def by_player(self) -> dict[str, int]:
        return dict(zip(self.players, self.counts, strict=False))


@dataclass(frozen=True)
class Phase:
    """One movement phase as the sightings need it: each unit's order as written, where
    its portal leads, and its result."""

    maze: Maze
    orders: dict[str, tuple[str, Order]]      # space -> (power, order)
    results: dict[str, OrderResult]           # space -> the result of its order
    owner: dict[str, str]                     # space -> the power of its rat
    # space of a support -> the attack it backs as the engine took it (attacker's space,
    # destination): a support of a rat's own attack is no resistance to it (6)
    backs: Mapping[str, tuple[str, str | None]] = field(default_factory=dict)

    def leads(self, space: str) -> Portal | None:
        order = self.orders.get(space, ("", None))[1]
        if not isinstance(order, PortalMove | PortalSupport):
            return None
        portal = self.maze.portal(space.upper(), order.portal)
        return None if portal is None or portal.to == space.upper() else portal

    def left(self, space: str) -> bool:
        result = self.results.get(space)
        return (result is not None and isinstance(result.order, PortalMove)
                and result.outcome == Outcome.SUCCEEDS)


def sightings(maze: Maze, before: Position, orders: Orders,
              results: Sequence[OrderResult],
              backs: Mapping[str, tuple[str, str | None]] | None = None,
              ) -> list[Entry | Contact]:
    phase = Phase(maze, {o.loc: (p, o) for p, given in orders.items() for o in given
                         if not isinstance(o, RetreatList | BuildList)},
                  {r.unit.loc: r for r in results if r.unit is not None and r.order
                   is not None and r.order.loc == r.unit.loc},
                  {u.loc: u.power for u in before.units}, dict(backs or {}))
    out: list[Entry | Contact] = []
    for space, power in sorted(phase.owner.items()):
        out += _entry(phase, space, power)
        out += _out_of(phase, space, power)
        if not phase.left(space):
            out += _into(phase, space, power)
    return list(dict.fromkeys(out))  # two rats that met one piece are told of it once


def bounced_self(maze: Maze, result: OrderResult, after: Position) -> OrderResult:
    """II.C.2: a bounce with his own rat still in the space he tried to enter."""
    order = result.order
    if result.reason != Reason.BOUNCED or not isinstance(order, PortalMove):
        return result
    portal = maze.portal(order.loc.upper(), order.portal)
    if portal is None or not any(u.loc == portal.to.lower() and u.power == result.power
                                 for u in after.units):
        return result
    return result._replace(message=BOUNCE_SELF)


def _entry(phase: Phase, space: str, power: str) -> list[Entry]:
    order = phase.orders.get(space, ("", None))[1]
    portal = phase.leads(space)
    if not isinstance(order, PortalMove) or portal is None:
        return []
    into = portal.to.lower()
    # Rule 6: "the players who resisted his move (either by attacking or supporting that
    # space)": not one whose support backs this very attack.
    resisted = sorted({p for s, (p, _) in phase.orders.items() if p != power
                       and (lead := phase.leads(s)) is not None and lead.to.lower() == into
                       and phase.backs.get(s) != (space, into)})
    return [entry(phase.maze, power, space, order.portal, tuple(resisted))]


def entry(maze: Maze, power: str, space: str, number: int,
          resisted: tuple[str, ...] = ()) -> Entry:
    portal = maze.spaces[space.upper()].portals[number - 1]
    into = maze.spaces[portal.to]
    return Entry(power, space.upper(), number, into.name, portal.arrives, into.value,
                 kind_of(into), len(into.portals), resisted)


def _out_of(phase: Phase, space: str, power: str) -> list[Contact]:
    """II.D: the pieces in the space his rat attacked or supported."""
    portal = phase.leads(space)
    there = None if portal is None else portal.to.lower()
    if there is None or phase.owner.get(there, power) == power:
        return []
    player, order = phase.orders.get(there, (phase.owner[there], None))
    mine = phase.orders[space][1]
    if isinstance(order, PortalMove):
        lead = phase.leads(there)
        if isinstance(mine, PortalMove) and lead is not None and lead.to.lower() == space:
            # Rule 10: both players who tried to swap know who the other is, whoever won
            # the head-to-head (the winner's rat left; the loser tried to swap all the same).
            return [Contact(power, there.upper(), player, "swap")]
        if phase.left(there):
            return []
        return [Contact(power, there.upper(), player, "to", order.portal)]
    if isinstance(order, PortalSupport):
        return [Contact(power, there.upper(), player, "s", order.portal,
                        _cut(phase, there))]
    return [Contact(power, there.upper(), player, "h")]


def _into(phase: Phase, space: str, power: str) -> list[Contact]:
    """II.E: the pieces that attacked his space, or supported an attack on it."""
    out = []
    for other, (player, order) in sorted(phase.orders.items()):
        lead = phase.leads(other)
        if player == power or lead is None or lead.to.lower() != space:
            continue
        if isinstance(order, PortalMove):
            mine = phase.leads(space)
            if mine is None or mine.to.lower() != other \
                    or not isinstance(phase.orders[space][1], PortalMove):
                out.append(Contact(power, space.upper(), player, "a in", lead.arrives))
        elif isinstance(order, PortalSupport) and (order.target or order.number):
            out.append(Contact(power, space.upper(), player, "s in", lead.arrives,
                               _cut(phase, other)))
    return out


def _cut(phase: Phase, space: str) -> bool:
    result = phase.results.get(space)
    return result is not None and result.reason == Reason.CUT


def _fields(event: object) -> dict[str, Any]:
    return {k: getattr(event, k) for k in event.__dataclass_fields__}  # type: ignore[attr-defined]


def _entry_from(registry: Registry, data: Mapping[str, Any]) -> Entry:
    return Entry(**{**{k: v for k, v in data.items() if k != "event"},
                    "resisted": tuple(data["resisted"])})


def _contact_from(registry: Registry, data: Mapping[str, Any]) -> Contact:
    return Contact(**{k: v for k, v in data.items() if k != "event"})


def _census_from(registry: Registry, data: Mapping[str, Any]) -> Census:
    return Census(tuple(data["players"]), tuple(data["counts"]))


EVENT_TYPES = (
    EventType(Entry, "entry", lambda r, e: {"event": "entry", **_fields(e),
                                             "resisted": list(e.resisted)}, _entry_from),
    EventType(Contact, "contact", lambda r, e: {"event": "contact", **_fields(e)},
              _contact_from),
    EventType(Census, "census", lambda r, e: {"event": "census", "players": list(e.players),
                                               "counts": list(e.counts)}, _census_from),
)
