"""Convoy routes over province-level borders through provinces holding convoying units."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

Adjacency = Mapping[str, Collection[str]]


def can_convoy(adj: Adjacency, fleets: Collection[str], origin: str, dest: str) -> bool:
    """Whether a chain of `fleets` joins `origin` to `dest`."""
    # A layer of fleets at a time, by set operations in C: only yes or no is wanted here, so
    # unlike route_exists the order in which fleets are reached does not matter.
    frontier = set(adj.get(origin, ()))
    frontier.intersection_update(fleets)
    reached = set(frontier)
    while frontier:
        layer: set[str] = set()
        for q in frontier:
            near = adj.get(q, ())
            if dest in near:
                return True
            layer.update(near)
        layer.intersection_update(fleets)
        frontier = layer - reached
        reached |= frontier
    return False


def route_exists(adj: Adjacency, origin: str, dest: str, usable: Callable[[str], bool]) -> bool:
    """Breadth-first search; `usable` is asked once per fleet province reached, in BFS order."""
    seen = {origin}
    frontier = [origin]
    while frontier:
        nxt: list[str] = []
        for p in frontier:
            for q in adj.get(p, ()):
                if q in seen:
                    continue
                seen.add(q)
                if usable(q):
                    if dest in adj.get(q, ()):
                        return True
                    nxt.append(q)
        frontier = nxt
    return False


def on_minimal_route(
    adj: Adjacency, fleets: Collection[str], origin: str, dest: str, fleet: str
) -> bool:
    """Whether `fleet` is necessary to some convoy route (DATC 6.G.19).

    A route is minimal when no fleet of it can be left out: a chordless chain from
    origin to dest. Such a fleet is on one.
    """

    def extend(path: list[str]) -> bool:
        last = path[-1]
        if len(path) > 1 and dest in adj.get(last, ()):
            return fleet in path
        for nxt in adj.get(last, ()):
            if nxt in fleets and nxt not in path and not any(
                nxt in adj.get(p, ()) for p in path[:-1]
            ) and extend([*path, nxt]):
                return True
        return False

    if fleet not in fleets:
        return False
    if fleet in adj.get(origin, ()) and dest in adj.get(fleet, ()):
        return True  # a chain of this fleet alone, the usual convoy: no search
    return extend([origin])
